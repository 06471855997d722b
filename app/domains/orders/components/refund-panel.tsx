import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useMemo } from "react";
import { Form } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { amountInput, formatMoney } from "~/lib/money";
import { orderPath } from "~/domains/orders/order-display";
import type { OrderLine } from "~/domains/orders/order-lines";
import { LINE_REFUND_FORM, type RefundConfirm, refundSchema } from "~/domains/orders/schemas/refund";
import { LineRefundForm } from "./line-refund-form";
import { showToast, type ToastMessage } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useIsPending, usePendingFormData } from "~/lib/use-is-pending";

/** What the refund action answers: the form's result, the amount to confirm, and a toast. */
export type RefundAnswer = {
  result: SubmissionResult<string[]>;
  confirm: RefundConfirm | null;
  toast: ToastMessage | null;
};

/** A refund by amount or by units of the lines, then a confirm step, as plain forms that work without JavaScript. */
export function RefundPanel({
  orderId,
  leftCents,
  currency,
  lines,
  buyerEmail,
  answer,
}: {
  orderId: string;
  leftCents: number;
  currency: string;
  lines: OrderLine[];
  buyerEmail: string;
  answer?: RefundAnswer;
}) {
  const byLines = (answer?.result.initialValue as { by?: unknown } | undefined)?.by === LINE_REFUND_FORM;
  const schema = useMemo(() => refundSchema(leftCents, currency), [leftCents, currency]);
  useEffect(() => {
    if (answer?.toast) showToast(answer.toast);
  }, [answer]);
  const refunding = useIsPending({ intent: "refund", state: "submitting" });
  const reviewed = usePendingFormData({ intent: "review", state: "submitting" });
  const reviewing = reviewed !== null && reviewed.get("by") !== LINE_REFUND_FORM;
  const [form, fields] = useSchemaForm("refund-form", schema, answer?.confirm || byLines ? null : answer?.result, {
    intent: "review",
    amount: amountInput(leftCents),
  });
  if (answer?.confirm) {
    const { amountCents, label, lines: chosen } = answer.confirm;
    const full = amountCents >= leftCents;
    return (
      <Form method="post" className="grid gap-4" aria-labelledby="confirm-refund-title">
        <h3 id="confirm-refund-title" className="font-semibold">
          Confirm the refund
        </h3>
        <p role="status">
          Refund <strong>{label}</strong> to {buyerEmail}?{" "}
          {full
            ? "This refunds the whole order and ends the buyer's access to the files."
            : chosen
              ? "The buyer keeps access to the files of the items not wholly refunded."
              : "The buyer keeps access to the files."}{" "}
          {chosen?.restock ? "The physical units go back into stock." : ""}
          This cannot be undone.
        </p>
        {chosen ? (
          <>
            <input type="hidden" name="by" value={LINE_REFUND_FORM} />
            {chosen.lines.map((line, index) => (
              <span key={line.lineId}>
                <input type="hidden" name={`lines[${index}].lineId`} value={line.lineId} />
                <input type="hidden" name={`lines[${index}].quantity`} value={line.quantity} />
              </span>
            ))}
            {chosen.restock ? <input type="hidden" name="restock" value="on" /> : null}
          </>
        ) : (
          <input type="hidden" name="amount" value={amountInput(amountCents)} />
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="refund" variant="destructive" disabled={refunding}>
            {refunding ? "Refunding..." : `Refund ${label}`}
          </Button>
          <ButtonLink to={orderPath(orderId)} variant="outline">
            Cancel
          </ButtonLink>
        </div>
      </Form>
    );
  }
  const refundable = lines.filter((line) => line.refundedQuantity < line.quantity);
  return (
    <div className="grid gap-6">
      <Form method="post" {...getFormProps(form)} className="grid gap-1">
        <input type="hidden" name="intent" value="review" />
        <FormField
          id={fields.amount.id}
          label="Amount to refund"
          errors={fields.amount.errors}
          hint={`Up to ${formatMoney(leftCents, currency)}: all of it for a full refund, less for a partial one.`}
        >
          {(control) => (
            <div className="flex items-center gap-2">
              <Input
                {...getInputProps(fields.amount, { type: "text" })}
                {...control}
                inputMode="decimal"
                autoComplete="off"
                className="max-w-48"
              />
              <span className="text-sm text-muted-foreground">{currency}</span>
            </div>
          )}
        </FormField>
        <FormAlert message={form.errors?.[0]} />
        <div>
          <Button type="submit" variant="outline" disabled={reviewing}>
            {reviewing ? "Checking..." : "Review refund"}
          </Button>
        </div>
      </Form>
      {refundable.length ? (
        <LineRefundForm lines={refundable} currency={currency} result={byLines ? answer?.result : null} />
      ) : null}
    </div>
  );
}
