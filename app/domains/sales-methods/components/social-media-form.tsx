import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { SaveButton, TextField } from "./sales-form-fields";
import { type SalesMethodActionData, useSalesMethodForm } from "./use-sales-method-form";
import { ChoiceGroup } from "~/components/ui/choice-group";
import { FormAlert } from "~/components/ui/form-alert";
import { CONTENT_TYPES, SOCIAL_PLATFORMS } from "~/domains/sales-methods/content/sales-options";
import { socialMediaSchema } from "~/domains/sales-methods/schemas/social-media";

/** The social media sales form: the business, networks, content and audience. */
export function SocialMediaForm({
  values,
  actionData,
}: {
  values: Record<string, unknown>;
  actionData: SalesMethodActionData;
}) {
  const [form, fields] = useSalesMethodForm("social-media", socialMediaSchema, values, actionData);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-1">
      <TextField field={fields.businessName} label="Business name" autoComplete="organization" />
      <TextField field={fields.description} label="Description (optional)" rows={3} />
      <ChoiceGroup field={fields.platforms} legend="Platforms" options={SOCIAL_PLATFORMS} hint="Select at least one" />
      <ChoiceGroup field={fields.contentTypes} legend="Content types (optional)" options={CONTENT_TYPES} />
      <TextField
        field={fields.targetAudience}
        label="Target audience (optional)"
        rows={2}
        placeholder="Who follows you and buys from you?"
      />
      <FormAlert message={form.errors?.[0]} />
      <div className="mt-2">
        <SaveButton>Save Social Media Sales</SaveButton>
      </div>
    </Form>
  );
}
