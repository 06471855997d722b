import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { BuyButtonCode } from "~/features/sales-methods/components/buy-button-code";
import { SaveButton, SelectField, TextField } from "~/features/sales-methods/components/sales-form-fields";
import { SalesMethodLayout, salesMethodMeta } from "~/features/sales-methods/components/sales-method-layout";
import { useSalesMethodForm } from "~/features/sales-methods/components/use-sales-method-form";
import { ChoiceGroup } from "~/components/ui/choice-group";
import { FormAlert } from "~/components/ui/form-alert";
import {
  BUTTON_STYLES,
  INTEGRATION_METHODS,
  optionValues,
  WEBSITE_PLATFORMS,
} from "~/features/sales-methods/content/sales-options";
import {
  buyButtonSnippet,
  buyPageUrl,
  type ButtonStyle,
  type IntegrationMethod,
} from "~/features/sales-methods/buy-button-snippet";
import { showToast } from "~/lib/toast";
import { EXISTING_WEBSITE_DEFAULTS, existingWebsiteSchema } from "~/features/sales-methods/schemas/existing-website";
import { profileSummaryQuery } from "~/features/workspace/server/profile-summary-query.server";
import { loadSalesMethodForm } from "~/features/sales-methods/server/load-sales-method-form.server";
import { submitSalesMethodForm } from "~/features/sales-methods/server/submit-sales-method-form.server";
import type { Route } from "./+types/existing-website";
import { requestContext } from "~/server/http/request-context.server";
import { readFormData } from "~/server/http/read-form-data.server";

const METHOD = "existing_website";
/** Stands in for the row id in the preview until the first save. */
const UNSAVED_ID = "not-saved-yet";

export const meta: Route.MetaFunction = () => salesMethodMeta(METHOD);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const {
    values,
    saved,
    extra: profile,
  } = await loadSalesMethodForm(services, requestContext(request), METHOD, EXISTING_WEBSITE_DEFAULTS, {
    batch: context,
    extra: profileSummaryQuery,
  });
  const { storeName } = profile;
  return {
    values,
    saved,
    storeName: storeName ?? "My store",
    buyUrl: buyPageUrl(services.env.APP_URL, saved?.id ?? UNSAVED_ID),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return submitSalesMethodForm(
    context.services,
    requestContext(request),
    () => readFormData(request),
    METHOD,
    existingWebsiteSchema,
    {
      savedToast: "Buy button saved",
      allowPreview: true,
    },
  );
}

export default function SalesExistingWebsite({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SalesMethodLayout
      method={METHOD}
      lead="Add a Buy button to your website or blog: choose how it looks, then copy the code."
      saved={Boolean(loaderData.saved)}
    >
      <ExistingWebsiteForm
        key={loaderData.saved?.updatedAt ?? "new"}
        {...loaderData}
        live={Boolean(loaderData.saved)}
        actionData={actionData}
      />
    </SalesMethodLayout>
  );
}

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

function ExistingWebsiteForm({
  values,
  storeName,
  buyUrl,
  live,
  actionData,
}: {
  values: Record<string, unknown>;
  storeName: string;
  buyUrl: string;
  live: boolean;
  actionData: Route.ComponentProps["actionData"];
}) {
  const [form, fields] = useSalesMethodForm("existing-website", existingWebsiteSchema, values, actionData);
  // Derived from the form's current values: the code follows every keystroke (an emptied text shows the default).
  const buttonText = typeof fields.buttonText.value === "string" ? fields.buttonText.value : "";
  const snippet = buyButtonSnippet({
    href: buyUrl,
    text: buttonText.trim() ? buttonText : EXISTING_WEBSITE_DEFAULTS.buttonText,
    style: pick<ButtonStyle>(
      optionValues(BUTTON_STYLES),
      fields.buttonStyle.value,
      EXISTING_WEBSITE_DEFAULTS.buttonStyle,
    ),
    method: pick<IntegrationMethod>(
      optionValues(INTEGRATION_METHODS),
      fields.integrationMethod.value,
      EXISTING_WEBSITE_DEFAULTS.integrationMethod,
    ),
    storeName,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="grid content-start gap-1">
        <TextField
          field={fields.websiteUrl}
          label="Website URL"
          type="url"
          autoComplete="url"
          placeholder="https://example.com"
        />
        <SelectField
          field={fields.platform}
          label="Website platform"
          options={WEBSITE_PLATFORMS}
          placeholder="Choose your platform…"
        />
        <ChoiceGroup
          field={fields.integrationMethod}
          legend="Integration method"
          options={INTEGRATION_METHODS}
          type="radio"
        />
        <TextField field={fields.buttonText} label="Button text" hint="Up to 40 characters" />
        <SelectField field={fields.buttonStyle} label="Button style" options={BUTTON_STYLES} />
        <FormAlert message={form.errors?.[0]} />
        <div className="mt-2">
          <SaveButton>Save Buy Button</SaveButton>
        </div>
      </div>
      <BuyButtonCode
        snippet={snippet}
        live={live}
        onGenerate={() => {
          form.validate();
          showToast({
            type: "info",
            title: "Code updated",
            description: live ? "Copy it into your website." : "Save to make the link live.",
          });
        }}
      />
    </Form>
  );
}
