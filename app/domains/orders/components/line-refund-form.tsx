import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Input } from "~/components/ui/input";
import type { OrderLine } from "~/domains/orders/order-lines";
import { LINE_REFUND_FORM, lineRefundSchema } from "~/domains/orders/schemas/refund";
import { formatMoney } from "~/lib/money";
import { usePendingFormData } from "~/lib/use-is-pending";
import { useSchemaForm } from "~/lib/use-schema-form";

/** Refund chosen units of the order's lines, priced on the server, optionally putting physical units back in stock. */
export function LineRefundForm({
  lines,
  currency,
  result,
}: {
  lines: OrderLine[];
  currency: string;
  result?: SubmissionResult<string[]> | null;
}) {
  const reviewing = usePendingFormData({ intent: "review", state: "submitting" })?.get("by") === LINE_REFUND_FORM;
  const [form] = useSchemaForm("line-refund-form", lineRefundSchema, result, {
    intent: "review",
    by: LINE_REFUND_FORM,
  });
  const errors = Object.values(form.allErrors).flat();
  const physical = lines.some((line) => line.kind === "physical");
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3" aria-labelledby="line-refund-title">
      <h3 id="line-refund-title" className="font-semibold">
        Refund items
      </h3>
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="by" value={LINE_REFUND_FORM} />
      {lines.map((line, index) => {
        const left = line.quantity - line.refundedQuantity;
        const id = `refund-line-${line.id}`;
        return (
          <div key={line.id} className="flex flex-wrap items-center gap-2 text-sm">
            <input type="hidden" name={`lines[${index}].lineId`} value={line.id} />
            <label htmlFor={id} className="min-w-0 flex-1 break-words">
              Units of {line.productName || "Deleted product"}
              {line.variantTitle ? ` (${line.variantTitle})` : ""} to refund, up to {left} (
              {formatMoney(line.unitPriceCents, currency)} each)
            </label>
            <Input
              id={id}
              name={`lines[${index}].quantity`}
              type="number"
              min={0}
              max={left}
              step={1}
              defaultValue={0}
              inputMode="numeric"
              className="w-24"
            />
          </div>
        );
      })}
      {physical ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="restock" className="size-4" />
          Put the refunded physical units back in stock
        </label>
      ) : null}
      <FormAlert message={errors[0]} />
      <div>
        <Button type="submit" variant="outline" disabled={reviewing}>
          {reviewing ? "Checking..." : "Review item refund"}
        </Button>
      </div>
    </Form>
  );
}
