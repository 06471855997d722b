import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { RATE_BAND_ROWS, shippingRateSchema } from "~/domains/shipping/schemas/shipping-settings";
import type { ShippingRateItem } from "~/domains/shipping/shipping-zone-item";
import { amountInput } from "~/lib/money";
import { useSchemaForm } from "~/lib/use-schema-form";

/** A rate's form: name, a flat price or weight bands (up to six rows), and an optional free-above subtotal. */
export function RateForm({
  zoneId,
  rate,
  currency,
  lastResult,
}: {
  zoneId: string;
  rate: ShippingRateItem | null;
  currency: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const formId = `rate-${rate?.id ?? zoneId}`;
  const [form, fields] = useSchemaForm(formId, shippingRateSchema, lastResult, {
    name: rate?.name ?? "",
    kind: rate?.kind ?? "flat",
    price: rate && rate.kind === "flat" ? amountInput(rate.priceCents) : "",
    freeAbove: rate?.freeAboveCents == null ? "" : amountInput(rate.freeAboveCents),
    bands: Array.from({ length: RATE_BAND_ROWS }, (_, i) => {
      const band = rate?.bands[i];
      return band
        ? { maxGrams: String(band.maxGrams), price: amountInput(band.priceCents) }
        : { maxGrams: "", price: "" };
    }),
  });
  const bands = fields.bands.getFieldList();
  const kind = fields.kind.value ?? rate?.kind ?? "flat";
  return (
    <form method="post" {...getFormProps(form)} className="grid gap-3">
      <FormAlert message={form.errors?.[0]} />
      <input type="hidden" name="intent" value="save-rate" />
      <input type="hidden" name="zoneId" value={zoneId} />
      {rate ? <input type="hidden" name="id" value={rate.id} /> : null}
      <FormField id={fields.name.id} label="Rate name" errors={fields.name.errors}>
        {(control) => <Input {...getInputProps(fields.name, { type: "text" })} {...control} placeholder="Standard" />}
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Price</legend>
        {(["flat", "weight"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={fields.kind.name}
              value={value}
              defaultChecked={(rate?.kind ?? "flat") === value}
              className="size-4"
            />
            {value === "flat" ? "Flat price per order" : "By the order's weight"}
          </label>
        ))}
      </fieldset>
      <FormField
        id={fields.price.id}
        label={`Flat price (${currency})`}
        errors={fields.price.errors}
        hint="For a flat price per order."
      >
        {(control) => (
          <Input
            {...getInputProps(fields.price, { type: "text" })}
            {...control}
            inputMode="decimal"
            className="max-w-40"
          />
        )}
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={fields.bands.errors ? `${fields.bands.id}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Weight bands</legend>
        <p className="text-xs text-muted-foreground">
          For a price by weight: each band holds orders up to its weight, lightest first.
        </p>
        {bands.map((band, i) => {
          const parts = band.getFieldset();
          return (
            <div key={band.key} className="grid grid-cols-2 gap-2">
              <FormField id={parts.maxGrams.id} label={`Band ${i + 1}: up to (grams)`} errors={parts.maxGrams.errors}>
                {(control) => (
                  <Input {...getInputProps(parts.maxGrams, { type: "text" })} {...control} inputMode="numeric" />
                )}
              </FormField>
              <FormField id={parts.price.id} label={`Band ${i + 1}: price (${currency})`} errors={parts.price.errors}>
                {(control) => (
                  <Input {...getInputProps(parts.price, { type: "text" })} {...control} inputMode="decimal" />
                )}
              </FormField>
            </div>
          );
        })}
        <p id={`${fields.bands.id}-error`} aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
          {kind === "weight" ? fields.bands.errors?.[0] : null}
        </p>
      </fieldset>
      <FormField
        id={fields.freeAbove.id}
        label={`Free from a subtotal of (${currency}, optional)`}
        errors={fields.freeAbove.errors}
      >
        {(control) => (
          <Input
            {...getInputProps(fields.freeAbove, { type: "text" })}
            {...control}
            inputMode="decimal"
            className="max-w-40"
          />
        )}
      </FormField>
      <div>
        <Button type="submit">{rate ? "Save rate" : "Add rate"}</Button>
      </div>
    </form>
  );
}
