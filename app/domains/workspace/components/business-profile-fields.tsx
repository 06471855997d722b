import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { ChoiceGroup } from "~/components/ui/choice-group";
import { CountryCodeSelect } from "~/components/ui/country-code-select";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { BUSINESS_TYPES, COMPANY_SIZES, DELIVERY_METHODS, PAYMENT_METHODS } from "~/domains/workspace/content/business";
import type { AnyField } from "~/lib/any-field";

// Conform's field metadata is generic over each field's own type; these components accept any of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Field = AnyField;

/** The business profile's store name (register step 2 and settings). */
export function StoreNameField({ field }: { field: Field }) {
  return (
    <FormField id={field.id} label="Store / company name" errors={field.errors}>
      {(control) => <Input {...getInputProps(field, { type: "text" })} {...control} autoComplete="organization" />}
    </FormField>
  );
}

/**
 * The business profile's phone (register step 2 and settings): its country code (default +1) beside the
 * number. The server stores the two as one E.164 number.
 */
export function PhoneField({
  field,
  countryField,
  placeholder,
}: {
  field: Field;
  countryField: Field;
  placeholder?: string;
}) {
  return (
    <FormField id={field.id} label="Phone" errors={field.errors ?? countryField.errors}>
      {(control) => (
        <div className="flex gap-2">
          <CountryCodeSelect
            key={countryField.key}
            name={countryField.name}
            defaultValue={typeof countryField.initialValue === "string" ? countryField.initialValue : undefined}
            invalid={Boolean(countryField.errors?.length)}
            describedBy={control["aria-describedby"]}
          />
          <Input
            {...getInputProps(field, { type: "tel" })}
            {...control}
            autoComplete="tel-national"
            placeholder={placeholder}
            className="min-w-0 flex-1"
          />
        </div>
      )}
    </FormField>
  );
}

type AboutFields = Record<
  | "businessTypes"
  | "businessDescription"
  | "targetCustomers"
  | "companySize"
  | "websiteUrl"
  | "preferredDelivery"
  | "preferredPayment",
  Field
>;

/**
 * What the business does, from "How do you sell?" to the preferred payment methods;
 * shared by registration and settings. `wide` pairs company size and website on one row from `sm` up.
 */
export function BusinessProfileFields({ fields, wide = false }: { fields: AboutFields; wide?: boolean }) {
  return (
    <>
      <ChoiceGroup
        field={fields.businessTypes}
        legend="How do you sell?"
        options={BUSINESS_TYPES}
        hint="Select all that apply"
      />
      <FormField
        id={fields.businessDescription.id}
        label="Short description of your business"
        errors={fields.businessDescription.errors}
      >
        {(control) => <Textarea {...getTextareaProps(fields.businessDescription)} {...control} rows={3} />}
      </FormField>
      <FormField id={fields.targetCustomers.id} label="Target customer group" errors={fields.targetCustomers.errors}>
        {(control) => <Input {...getInputProps(fields.targetCustomers, { type: "text" })} {...control} />}
      </FormField>
      <div className={wide ? "grid gap-x-4 sm:grid-cols-2" : "contents"}>
        <FormField id={fields.companySize.id} label="Company size (optional)" errors={fields.companySize.errors}>
          {(control) => (
            <select
              {...getSelectProps(fields.companySize)}
              {...control}
              className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
            >
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
          {(control) => (
            <Input
              {...getInputProps(fields.websiteUrl, { type: "url" })}
              {...control}
              placeholder="https://"
              autoComplete="url"
            />
          )}
        </FormField>
      </div>
      <ChoiceGroup
        field={fields.preferredDelivery}
        legend="Preferred delivery methods (optional)"
        options={DELIVERY_METHODS}
      />
      <ChoiceGroup
        field={fields.preferredPayment}
        legend="Preferred payment methods (optional)"
        options={PAYMENT_METHODS}
      />
    </>
  );
}
