import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { BUSINESS_TYPES, COMPANY_SIZES, DELIVERY_METHODS, PAYMENT_METHODS } from "~/content/business";
import { settingsBusinessProfileSchema } from "~/schemas/settings-business-profile";
import type { Settings } from "~/server/settings/get-settings.server";
import { busyFor } from "./settings-section";
import { useSettingsForm } from "./use-settings-form";

function CheckboxGroup({ field, legend, options, hint }: { field: FieldMetadata<unknown, any, any>; legend: string; options: readonly { value: string; label: string; description?: string }[]; hint?: string }) {
  const errorId = `${field.id}-error`;
  const labels = new Map(options.map((option) => [option.value, option]));
  return (
    <fieldset className="mb-1 grid gap-2" aria-describedby={field.errors?.length ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {getCollectionProps(field, { type: "checkbox", options: options.map((option) => option.value) }).map(({ key, ...props }) => (
          <label key={key} className="flex items-start gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary">
            <input {...props} aria-invalid={undefined} aria-describedby={undefined} className="mt-0.5 size-4 accent-[var(--color-primary)]" />
            <span>
              <span className="font-medium">{labels.get(props.value)?.label}</span>
              {labels.get(props.value)?.description ? <span className="block text-xs text-muted-foreground">{labels.get(props.value)?.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <p id={errorId} aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
        {field.errors?.[0]}
      </p>
    </fieldset>
  );
}

/** Every field of register step 2, prefilled with the saved business profile. */
export function BusinessProfileSettingsForm({ business, lastResult }: { business: NonNullable<Settings["business"]>; lastResult?: SubmissionResult<string[]> | null }) {
  const busy = busyFor(useNavigation(), "business-profile");
  const [form, fields] = useSettingsForm("business-profile", settingsBusinessProfileSchema, lastResult, {
    phone: business.phone,
    storeName: business.storeName,
    businessTypes: business.businessTypes,
    businessDescription: business.businessDescription,
    targetCustomers: business.targetCustomers,
    companySize: business.companySize ?? "",
    websiteUrl: business.websiteUrl ?? "",
    preferredDelivery: business.preferredDelivery,
    preferredPayment: business.preferredPayment,
    marketingConsent: business.marketingConsent ? "on" : undefined,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-1">
      <input type="hidden" name="intent" value="business-profile" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField id={fields.storeName.id} label="Store / company name" errors={fields.storeName.errors}>
          {(control) => <Input {...getInputProps(fields.storeName, { type: "text" })} {...control} autoComplete="organization" />}
        </FormField>
        <FormField id={fields.phone.id} label="Phone" errors={fields.phone.errors}>
          {(control) => <Input {...getInputProps(fields.phone, { type: "tel" })} {...control} autoComplete="tel" />}
        </FormField>
      </div>
      <CheckboxGroup field={fields.businessTypes} legend="How do you sell?" options={BUSINESS_TYPES} hint="Select all that apply" />
      <FormField id={fields.businessDescription.id} label="Short description of your business" errors={fields.businessDescription.errors}>
        {(control) => <Textarea {...getTextareaProps(fields.businessDescription)} {...control} rows={3} />}
      </FormField>
      <FormField id={fields.targetCustomers.id} label="Target customer group" errors={fields.targetCustomers.errors}>
        {(control) => <Input {...getInputProps(fields.targetCustomers, { type: "text" })} {...control} />}
      </FormField>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField id={fields.companySize.id} label="Company size (optional)" errors={fields.companySize.errors}>
          {(control) => (
            <select {...getSelectProps(fields.companySize)} {...control} className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm">
              <option value="">Choose…</option>
              {COMPANY_SIZES.map((size) => (
                <option key={size.value} value={size.value}>
                  {size.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={fields.websiteUrl.id} label="Website URL (optional)" errors={fields.websiteUrl.errors}>
          {(control) => <Input {...getInputProps(fields.websiteUrl, { type: "url" })} {...control} placeholder="https://" autoComplete="url" />}
        </FormField>
      </div>
      <CheckboxGroup field={fields.preferredDelivery} legend="Preferred delivery methods (optional)" options={DELIVERY_METHODS} />
      <CheckboxGroup field={fields.preferredPayment} legend="Preferred payment methods (optional)" options={PAYMENT_METHODS} />
      <label className="mb-3 flex items-start gap-2 text-sm">
        <input {...getInputProps(fields.marketingConsent, { type: "checkbox" })} className="mt-0.5 size-4 accent-[var(--color-primary)]" />
        <span>Send me marketing emails with tips and product news</span>
      </label>
      <FormAlert message={form.errors?.[0]} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save business profile"}
        </Button>
      </div>
    </Form>
  );
}
