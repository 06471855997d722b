import { getFormProps, getInputProps } from "@conform-to/react";
import { useEffect, useMemo } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { CARRIERS } from "~/domains/orders/content/carriers";
import {
  addressLines,
  lineTitle,
  type OrderFulfilment,
  packingSlipPath,
  shipmentSummary,
  unitsToShip,
} from "~/domains/orders/fulfilment-display";
import { type FulfilAnswer, FULFIL_INTENT, fulfilSchema } from "~/domains/orders/schemas/fulfil";
import { httpUrl } from "~/lib/http-url";
import { showToast } from "~/lib/toast";
import { useIsPending } from "~/lib/use-is-pending";
import { useSchemaForm } from "~/lib/use-schema-form";
import { formatDateTime } from "~/lib/zoned-time";
import { FulfilmentStatusBadge } from "./fulfilment-status-badge";

/** An order's shipping: status, address, the "Mark as fulfilled" form while units are left, and past shipments. */
export function FulfilmentPanel({
  fulfilment,
  answer,
  timeZone,
}: {
  fulfilment: OrderFulfilment;
  answer?: FulfilAnswer;
  timeZone: string;
}) {
  const left = useMemo(
    () => Object.fromEntries(fulfilment.lines.map((line) => [line.id, unitsToShip(line)])),
    [fulfilment.lines],
  );
  const open = fulfilment.lines.filter((line) => left[line.id]! > 0);
  return (
    <section aria-labelledby="fulfilment-title" className="grid gap-6 rounded-lg border bg-card p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="fulfilment-title" className="text-xl font-semibold">
            Fulfilment
          </h2>
          <FulfilmentStatusBadge status={fulfilment.status} />
        </div>
        <Link to={packingSlipPath(fulfilment.orderId)} className="text-sm text-primary underline underline-offset-4">
          Print packing slip
        </Link>
      </div>
      <div className="grid gap-1 text-sm">
        <h3 className="font-semibold">Ship to</h3>
        {fulfilment.shippingAddress ? (
          <address className="whitespace-pre-line not-italic">
            {addressLines(fulfilment.shippingAddress).join("\n")}
          </address>
        ) : (
          <p className="text-muted-foreground">No shipping address was given with this order.</p>
        )}
        {fulfilment.shippingRateName ? (
          <p className="text-muted-foreground">Shipping option: {fulfilment.shippingRateName}</p>
        ) : null}
      </div>
      {fulfilment.orderStatus !== "paid" ? (
        <p className="text-sm text-muted-foreground">Only paid orders can be fulfilled.</p>
      ) : open.length === 0 ? (
        <p className="text-sm text-muted-foreground">Every unit of this order has shipped (or was refunded).</p>
      ) : (
        <FulfilForm key={JSON.stringify(left)} fulfilment={fulfilment} left={left} answer={answer} />
      )}
      {fulfilment.shipments.length ? (
        <div className="grid gap-2 text-sm">
          <h3 className="font-semibold">Shipments</h3>
          <ul className="grid gap-3" aria-label="Shipments">
            {fulfilment.shipments.map((shipment) => {
              const href = httpUrl(shipment.trackingUrl);
              return (
                <li key={shipment.id} className="grid gap-0.5">
                  <span className="break-words font-medium">{shipmentSummary(shipment, fulfilment.lines)}</span>
                  <span className="break-words text-muted-foreground">
                    <time dateTime={shipment.createdAt}>{formatDateTime(shipment.createdAt, timeZone)}</time>
                    {shipment.carrier ? ` · ${shipment.carrier}` : ""}
                    {shipment.trackingNumber ? ` · ${shipment.trackingNumber}` : ""}
                  </span>
                  {href ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="break-all text-primary underline underline-offset-4"
                    >
                      Track this shipment<span className="sr-only"> (opens the carrier's page)</span>
                    </a>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function FulfilForm({
  fulfilment,
  left,
  answer,
}: {
  fulfilment: OrderFulfilment;
  left: Record<string, number>;
  answer?: FulfilAnswer;
}) {
  const schema = useMemo(() => fulfilSchema(left), [left]);
  useEffect(() => {
    if (answer?.toast) showToast(answer.toast);
  }, [answer]);
  const open = fulfilment.lines.filter((line) => left[line.id]! > 0);
  const [form, fields] = useSchemaForm("fulfil-form", schema, answer?.result, {
    intent: FULFIL_INTENT,
    lines: open.map((line) => ({ lineId: line.id, quantity: String(left[line.id]) })),
    carrier: "",
    trackingNumber: "",
    trackingUrl: "",
  });
  const lineFields = fields.lines.getFieldList();
  const shipping = useIsPending({ intent: FULFIL_INTENT, state: "submitting" });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value={FULFIL_INTENT} />
      <DataTable
        caption="Units to ship in this parcel"
        columns={[{ label: "Product" }, { label: "SKU" }, { label: "Left", align: "right" }, { label: "Ship now" }]}
      >
        {open.map((line, index) => {
          const field = lineFields[index]!.getFieldset();
          const errors = field.quantity.errors;
          return (
            <tr key={line.id} className="border-t align-top">
              <td className="break-words px-3 py-2">{lineTitle(line)}</td>
              <td className="px-3 py-2 font-mono">{line.sku || "—"}</td>
              <td className="px-3 py-2 text-right">{left[line.id]}</td>
              <td className="px-3 py-2">
                <input {...getInputProps(field.lineId, { type: "hidden" })} />
                <Input
                  {...getInputProps(field.quantity, { type: "number" })}
                  min={0}
                  max={left[line.id]}
                  step={1}
                  inputMode="numeric"
                  className="w-24"
                  aria-label={`Units of ${lineTitle(line)} to ship`}
                  aria-describedby={errors?.length ? `${field.quantity.id}-error` : undefined}
                />
                <p id={`${field.quantity.id}-error`} aria-live="polite" className="text-sm text-destructive">
                  {errors?.[0]}
                </p>
              </td>
            </tr>
          );
        })}
      </DataTable>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField
          id={fields.carrier.id}
          label="Carrier"
          errors={fields.carrier.errors}
          hint="Choose a suggestion or type any carrier."
        >
          {(control) => (
            <>
              <Input
                {...getInputProps(fields.carrier, { type: "text" })}
                {...control}
                list="carrier-suggestions"
                autoComplete="off"
              />
              <datalist id="carrier-suggestions">
                {CARRIERS.map((carrier) => (
                  <option key={carrier.name} value={carrier.name} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
        <FormField id={fields.trackingNumber.id} label="Tracking number" errors={fields.trackingNumber.errors}>
          {(control) => (
            <Input {...getInputProps(fields.trackingNumber, { type: "text" })} {...control} autoComplete="off" />
          )}
        </FormField>
        <FormField
          id={fields.trackingUrl.id}
          label="Tracking link"
          errors={fields.trackingUrl.errors}
          hint="Optional: left empty, a suggested carrier's own tracking page is linked."
          className="sm:col-span-2"
        >
          {(control) => (
            <Input
              {...getInputProps(fields.trackingUrl, { type: "url" })}
              {...control}
              placeholder="https://"
              autoComplete="off"
            />
          )}
        </FormField>
      </div>
      <FormAlert message={form.errors?.[0]} />
      <p className="text-sm text-muted-foreground">
        {fulfilment.customerEmail} is emailed what shipped, with the tracking details.
      </p>
      <div>
        <Button type="submit" disabled={shipping}>
          {shipping ? "Saving..." : "Mark as fulfilled"}
        </Button>
      </div>
    </Form>
  );
}
