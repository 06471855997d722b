import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import {
  BusinessProfileFields,
  PhoneField,
  StoreNameField,
} from "~/domains/workspace/components/business-profile-fields";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { useSchemaForm } from "~/lib/use-schema-form";
import { splitPhone } from "~/lib/phone/phone-number";
import { useIsPending } from "~/lib/use-is-pending";
import { settingsBusinessProfileSchema } from "~/pages/settings/schemas/settings-business-profile";
// biome-ignore lint/style/noRestrictedImports: a type-only import (erased from the browser bundle): the shape the loader sends
import type { Settings } from "~/pages/settings/server/settings-query.server";

/** Every field of register step 2, prefilled with the saved business profile. */
export function BusinessProfileSettingsForm({
  business,
  lastResult,
}: {
  business: NonNullable<Settings["business"]>;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const busy = useIsPending({ intent: "business-profile" });
  // Stored as E.164; an older phone without a country code shows as saved, beside +1.
  const phone = splitPhone(business.phone);
  const [form, fields] = useSchemaForm("business-profile", settingsBusinessProfileSchema, lastResult, {
    phoneCountry: phone.countryCode,
    phone: phone.number,
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
        <StoreNameField field={fields.storeName} />
        <PhoneField field={fields.phone} countryField={fields.phoneCountry} />
      </div>
      <BusinessProfileFields fields={fields} wide />
      <label className="mb-3 flex items-start gap-2 text-sm">
        <input
          {...getInputProps(fields.marketingConsent, { type: "checkbox" })}
          className="mt-0.5 size-4 accent-[var(--color-primary)]"
        />
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
