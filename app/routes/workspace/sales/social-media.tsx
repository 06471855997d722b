import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { SaveButton, TextField } from "~/features/sales-methods/components/sales-form-fields";
import { SalesMethodLayout, salesMethodMeta } from "~/features/sales-methods/components/sales-method-layout";
import { useSalesMethodForm } from "~/features/sales-methods/components/use-sales-method-form";
import { ChoiceGroup } from "~/components/ui/choice-group";
import { FormAlert } from "~/components/ui/form-alert";
import { CONTENT_TYPES, SOCIAL_PLATFORMS } from "~/features/sales-methods/content/sales-options";
import { SOCIAL_MEDIA_DEFAULTS, socialMediaSchema } from "~/features/sales-methods/schemas/social-media";
import { loadSalesMethodForm } from "~/features/sales-methods/server/load-sales-method-form.server";
import { submitSalesMethodForm } from "~/features/sales-methods/server/submit-sales-method-form.server";
import type { Route } from "./+types/social-media";
import { requestContext } from "~/server/http/request-context.server";
import { readFormData } from "~/server/http/read-form-data.server";

const METHOD = "social_media";

export const meta: Route.MetaFunction = () => salesMethodMeta(METHOD);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { values, saved } = await loadSalesMethodForm(
    context.services,
    requestContext(request),
    METHOD,
    SOCIAL_MEDIA_DEFAULTS,
    { batch: context },
  );
  return { values, saved };
}

export function action({ request, context }: Route.ActionArgs) {
  return submitSalesMethodForm(
    context.services,
    requestContext(request),
    () => readFormData(request),
    METHOD,
    socialMediaSchema,
    {
      savedToast: "Social media sales saved",
    },
  );
}

export default function SalesSocialMedia({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SalesMethodLayout
      method={METHOD}
      lead="Pick the networks you sell on, the content you post and who it is for."
      saved={Boolean(loaderData.saved)}
    >
      <SocialMediaForm key={loaderData.saved?.updatedAt ?? "new"} values={loaderData.values} actionData={actionData} />
    </SalesMethodLayout>
  );
}

function SocialMediaForm({
  values,
  actionData,
}: {
  values: Record<string, unknown>;
  actionData: Route.ComponentProps["actionData"];
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
