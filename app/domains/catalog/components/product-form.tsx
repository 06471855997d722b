import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ChoiceGroup } from "~/components/ui/choice-group";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { isPhysicalType, PRICING_MODES, PRODUCT_TYPES } from "~/domains/catalog/content/product-types";
import { renderMarkdown } from "~/domains/catalog/markdown";
import type { Currency } from "~/lib/money";
import {
  COVER_MAX_BYTES,
  COVER_TYPES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_SUMMARY_MAX,
  type ProductFormValues,
  productSchema,
} from "~/domains/catalog/schemas/product";
import { SLUG_MAX_LENGTH, slugify } from "~/domains/catalog/slugify";
import { SelectField, TextField } from "~/domains/sales-methods/components/sales-form-fields";
import { showToast, type ToastMessage } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useIsPending } from "~/lib/use-is-pending";
import { LOW_STOCK_THRESHOLD_MAX } from "~/domains/catalog/schemas/physical-product";
import { VariantsEditor } from "./variants-editor";

export type ProductFormAnswer = { result: SubmissionResult<string[]>; toast?: ToastMessage };

/**
 * The product form for create and edit, validated as typed with the action's schema and posted as multipart for the
 * cover.
 */
export function ProductForm({
  id,
  currency,
  values,
  answer,
  handle,
  cover,
  submitLabel,
  currencyNote,
  variantStock = {},
}: {
  id: string;
  currency: Currency;
  values: ProductFormValues;
  answer?: ProductFormAnswer;
  /** The store's handle, for the sales page's address (null before the first product makes it). */
  handle: string | null;
  /** The saved cover's URL, if any. */
  cover?: string | null;
  submitLabel: string;
  currencyNote?: string;
  /** A saved physical product's units available per variant key. */
  variantStock?: Record<string, number>;
}) {
  const schema = useMemo(() => productSchema(currency), [currency]);
  useEffect(() => {
    if (answer?.toast) showToast(answer.toast);
  }, [answer]);
  const [form, fields] = useSchemaForm(id, schema, answer?.result, values);
  const busy = useIsPending({ intent: "save", state: "submitting" });
  const pricing = String(fields.pricing.value ?? values.pricing);
  const physical = isPhysicalType(String(fields.type.value ?? values.type));
  const description = String(fields.description.value ?? "");
  const preview = useMemo(() => renderMarkdown(description), [description]);
  // The slug follows the name until the creator edits it.
  const slugEdited = useRef(Boolean(values.slug));
  const [coverPreview, setCoverPreview] = useState<string | null>(null);
  const shownCover = coverPreview ?? cover ?? null;
  const slugShown = String(fields.slug.value ?? "") || slugify(String(fields.name.value ?? ""));
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-1">
      <FormField
        id={fields.name.id}
        label="Name"
        errors={fields.name.errors}
        hint={`Up to ${PRODUCT_NAME_MAX} characters.`}
      >
        {(control) => (
          <Input
            {...getInputProps(fields.name, { type: "text" })}
            {...control}
            autoComplete="off"
            onInput={(event) => {
              if (!slugEdited.current)
                form.update({ name: fields.slug.name, value: slugify(event.currentTarget.value) });
            }}
          />
        )}
      </FormField>
      <SelectField field={fields.type} label="Type" options={PRODUCT_TYPES} />
      <TextField
        field={fields.summary}
        label="Summary (optional)"
        rows={2}
        hint={`One or two sentences for the storefront, up to ${PRODUCT_SUMMARY_MAX} characters.`}
      />
      <FormField
        id={fields.description.id}
        label="Description (optional)"
        errors={fields.description.errors}
        hint={`Markdown: # headings, **bold**, *italic*, - lists, > quotes, \`code\` and [links](https://example.com). Up to ${PRODUCT_DESCRIPTION_MAX.toLocaleString("en-US")} characters.`}
      >
        {(control) => (
          <Textarea {...getTextareaProps(fields.description)} {...control} rows={10} className="font-mono text-sm" />
        )}
      </FormField>
      <section aria-labelledby={`${id}-preview-title`} className="mb-4 rounded-md border p-4">
        <h2 id={`${id}-preview-title`} className="text-sm font-semibold text-muted-foreground">
          Description preview
        </h2>
        {description.trim() ? (
          // renderMarkdown escapes raw HTML and keeps only http(s)/mailto links (markdown.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by construction, see above
          <div className="product-description mt-2 max-w-none text-sm" dangerouslySetInnerHTML={{ __html: preview }} />
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">Your description will appear here as buyers see it.</p>
        )}
      </section>

      <ChoiceGroup
        field={fields.pricing}
        legend="Pricing"
        options={PRICING_MODES}
        type="radio"
        hint={currencyNote ?? `Prices are in ${currency}, your store currency.`}
      />
      {pricing === "fixed" ? <AmountField field={fields.price} label="Price" currency={currency} /> : null}
      {pricing === "pwyw" ? (
        <div className="grid gap-1 sm:grid-cols-2 sm:gap-4">
          <AmountField
            field={fields.minPrice}
            label="Minimum price"
            currency={currency}
            hint="0 lets buyers pay nothing."
          />
          <AmountField field={fields.suggestedPrice} label="Suggested price (optional)" currency={currency} />
        </div>
      ) : null}

      {physical ? (
        <section aria-labelledby={`${id}-physical-title`} className="mb-4 grid gap-3 rounded-md border p-4">
          <div>
            <h2 id={`${id}-physical-title`} className="text-base font-semibold">
              Stock and shipping
            </h2>
            <p className="text-sm text-muted-foreground">
              A physical product is shipped or handed over at a counter. It has no files to download.
            </p>
          </div>
          <VariantsEditor
            initial={{ options: values.options, variants: values.variants, stock: variantStock }}
            errors={form.allErrors}
            currency={currency}
            pricePlaceholder={String(fields.price.value ?? values.price)}
          >
            <div className="grid gap-1 sm:grid-cols-2 sm:gap-4">
              <TextField field={fields.sku} label="SKU (optional)" hint="Your own stock code, unique in your store." />
              <TextField field={fields.barcode} label="Barcode (optional)" hint="EAN-13 or UPC-A, 13 or 12 digits." />
            </div>
          </VariantsEditor>
          <div className="grid gap-1 sm:grid-cols-2 sm:gap-4">
            <TextField
              field={fields.weight}
              label="Weight (optional)"
              hint="With its packaging, like 250 g or 1.2 kg: shipping rates by weight use it."
            />
            <TextField
              field={fields.lowStockThreshold}
              label="Low-stock alert at (optional)"
              hint={`Units left, 0 to ${LOW_STOCK_THRESHOLD_MAX.toLocaleString("en-US")}: at or below it a variant is listed as low stock.`}
            />
          </div>
          <label className="flex items-start gap-2 text-sm">
            {/* Not getInputProps: the optional checkbox would be marked required (conform reads its transform as
               such). */}
            <input
              type="checkbox"
              id={fields.allowBackorder.id}
              name={fields.allowBackorder.name}
              defaultChecked={values.allowBackorder}
              className="mt-0.5 size-4"
            />
            <span>
              Keep selling when out of stock
              <span className="block text-xs text-muted-foreground">
                Buyers can order a variant with no stock left (a backorder).
              </span>
            </span>
          </label>
        </section>
      ) : null}

      <FormField
        id={fields.slug.id}
        label="URL slug"
        errors={fields.slug.errors}
        hint={`${handle ? `Your sales page: /s/${handle}/${slugShown}` : `The end of your sales page's address: …/${slugShown}`}. Lowercase letters, numbers and hyphens, up to ${SLUG_MAX_LENGTH} characters.`}
      >
        {(control) => (
          <Input
            {...getInputProps(fields.slug, { type: "text" })}
            {...control}
            autoComplete="off"
            spellCheck={false}
            onInput={() => {
              slugEdited.current = true;
            }}
          />
        )}
      </FormField>

      <FormField
        id={fields.cover.id}
        label="Cover image (optional)"
        errors={fields.cover.errors}
        hint={`PNG, JPEG, WebP or GIF, up to ${COVER_MAX_BYTES / 1024 / 1024} MB. Shown on the sales page and the storefront.`}
      >
        {(control) => (
          <div className="grid gap-3">
            {shownCover ? (
              <img
                src={shownCover}
                alt={coverPreview ? "New cover preview" : "Current cover"}
                className="max-h-48 w-auto rounded-md border object-contain"
              />
            ) : null}
            <Input
              {...getInputProps(fields.cover, { type: "file" })}
              {...control}
              accept={COVER_TYPES.join(",")}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setCoverPreview((old) => {
                  if (old) URL.revokeObjectURL(old);
                  return file?.type.startsWith("image/") ? URL.createObjectURL(file) : null;
                });
              }}
            />
          </div>
        )}
      </FormField>
      {cover ? (
        <label className="mb-4 flex items-center gap-2 text-sm">
          {/* Not getInputProps: the optional checkbox would be marked required (conform reads its transform as
             such). */}
          <input type="checkbox" id={fields.removeCover.id} name={fields.removeCover.name} className="size-4" />
          Remove the cover
        </label>
      ) : null}

      <FormAlert message={form.errors?.[0]} />
      <div className="mt-2">
        <Button type="submit" name="intent" value="save" className="w-full sm:w-auto" disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/** An amount input with the currency beside it. */
function AmountField({
  field,
  label,
  currency,
  hint,
}: {
  field: Parameters<typeof TextField>[0]["field"];
  label: string;
  currency: Currency;
  hint?: string;
}) {
  return (
    <FormField id={field.id} label={label} errors={field.errors} hint={hint}>
      {(control) => (
        <div className="flex items-center gap-2">
          <Input
            {...getInputProps(field, { type: "text" })}
            {...control}
            inputMode="decimal"
            autoComplete="off"
            className="max-w-48"
          />
          <span className="text-sm text-muted-foreground">{currency}</span>
        </div>
      )}
    </FormField>
  );
}
