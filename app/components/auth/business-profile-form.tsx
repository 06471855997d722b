import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useSchemaForm } from "~/lib/use-schema-form";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { BUSINESS_TYPES, COMPANY_SIZES, DELIVERY_METHODS, PAYMENT_METHODS } from "~/content/business";
import { AVATAR_TYPES, businessProfileSchema } from "~/schemas/business-profile";

function CheckboxGroup({ name, legend, options, errors, hint }: { name: string; legend: string; options: readonly { value: string; label: string; description?: string }[]; errors?: string[]; hint?: string }) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-start gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary">
            <input type="checkbox" name={name} value={option.value} className="mt-0.5 size-4 accent-[var(--color-primary)]" />
            <span>
              <span className="font-medium">{option.label}</span>
              {option.description ? <span className="block text-xs text-muted-foreground">{option.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <p id={errorId} aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
        {errors?.[0]}
      </p>
    </fieldset>
  );
}

function Checkbox({ name, children, errors }: { name: string; children: ReactNode; errors?: string[] }) {
  return (
    <div className="grid gap-1">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name={name} className="mt-0.5 size-4 accent-[var(--color-primary)]" aria-invalid={Boolean(errors?.length)} aria-describedby={`${name}-error`} />
        <span>{children}</span>
      </label>
      <p id={`${name}-error`} aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
        {errors?.[0]}
      </p>
    </div>
  );
}

/** Register step 2: Business Information (SPEC §2). */
export function BusinessProfileForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "business-profile";
  const [preview, setPreview] = useState<string | null>(null);
  const [form, fields] = useSchemaForm("business-profile", businessProfileSchema, lastResult);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-1">
      <input type="hidden" name="intent" value="business-profile" />
      <FormField id={fields.phone.id} label="Phone" errors={fields.phone.errors}>
        {(control) => <Input {...getInputProps(fields.phone, { type: "tel" })} {...control} autoComplete="tel" placeholder="+1 555 123 4567" />}
      </FormField>
      <FormField id={fields.profilePicture.id} label="Profile picture (optional)" errors={fields.profilePicture.errors} hint="PNG, JPEG, WebP or GIF, up to 2 MB">
        {(control) => (
          <div className="flex items-center gap-3">
            {preview ? <img src={preview} alt="Profile picture preview" className="size-14 rounded-full object-cover" /> : null}
            <Input
              {...getInputProps(fields.profilePicture, { type: "file" })}
              {...control}
              accept={AVATAR_TYPES.join(",")}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setPreview((old) => {
                  if (old) URL.revokeObjectURL(old);
                  return file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null;
                });
              }}
            />
          </div>
        )}
      </FormField>
      <FormField id={fields.storeName.id} label="Store / company name" errors={fields.storeName.errors}>
        {(control) => <Input {...getInputProps(fields.storeName, { type: "text" })} {...control} autoComplete="organization" />}
      </FormField>
      <CheckboxGroup name={fields.businessTypes.name} legend="How do you sell?" options={BUSINESS_TYPES} errors={fields.businessTypes.errors} hint="Select all that apply" />
      <FormField id={fields.businessDescription.id} label="Short description of your business" errors={fields.businessDescription.errors}>
        {(control) => <Textarea {...getTextareaProps(fields.businessDescription)} {...control} rows={3} />}
      </FormField>
      <FormField id={fields.targetCustomers.id} label="Target customer group" errors={fields.targetCustomers.errors}>
        {(control) => <Input {...getInputProps(fields.targetCustomers, { type: "text" })} {...control} />}
      </FormField>
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
      <CheckboxGroup name={fields.preferredDelivery.name} legend="Preferred delivery methods (optional)" options={DELIVERY_METHODS} errors={fields.preferredDelivery.errors} />
      <CheckboxGroup name={fields.preferredPayment.name} legend="Preferred payment methods (optional)" options={PAYMENT_METHODS} errors={fields.preferredPayment.errors} />
      <Checkbox name={fields.termsAccepted.name} errors={fields.termsAccepted.errors}>
        I accept the{" "}
        <Link to="/terms" target="_blank" className="text-primary underline">
          terms and conditions
        </Link>{" "}
        and the{" "}
        <Link to="/privacy" target="_blank" className="text-primary underline">
          privacy policy
        </Link>
      </Checkbox>
      <Checkbox name={fields.marketingConsent.name}>Send me marketing emails with tips and product news</Checkbox>
      <FormAlert message={form.errors?.[0]} />
      <Button type="submit" className="mt-2 w-full" disabled={busy}>
        {busy ? "Saving..." : "Complete Registration"}
      </Button>
    </Form>
  );
}
