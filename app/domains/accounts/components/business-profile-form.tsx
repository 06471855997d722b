import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import {
  BusinessProfileFields,
  PhoneField,
  StoreNameField,
} from "~/domains/workspace/components/business-profile-fields";
import { ProfilePictureField } from "~/domains/workspace/components/profile-picture-field";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { useSchemaForm } from "~/lib/use-schema-form";
import { businessProfileSchema } from "~/domains/workspace/schemas/business-profile";
import { useIsPending } from "~/lib/use-is-pending";

function Checkbox({ name, children, errors }: { name: string; children: ReactNode; errors?: string[] }) {
  return (
    <div className="grid gap-1">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name={name}
          className="mt-0.5 size-4 accent-[var(--color-primary)]"
          aria-invalid={Boolean(errors?.length)}
          aria-describedby={`${name}-error`}
        />
        <span>{children}</span>
      </label>
      <p id={`${name}-error`} aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
        {errors?.[0]}
      </p>
    </div>
  );
}

/** Register step 2: the business information form. */
export function BusinessProfileForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const busy = useIsPending({ intent: "business-profile" });
  const [form, fields] = useSchemaForm("business-profile", businessProfileSchema, lastResult);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-1">
      <input type="hidden" name="intent" value="business-profile" />
      <PhoneField field={fields.phone} countryField={fields.phoneCountry} placeholder="555 123 4567" />
      <ProfilePictureField field={fields.profilePicture} label="Profile picture (optional)" />
      <StoreNameField field={fields.storeName} />
      <BusinessProfileFields fields={fields} />
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
