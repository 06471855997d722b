import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { BuyButtonCode } from "./buy-button-code";
import { SaveButton, SelectField, TextField } from "./sales-form-fields";
import { type SalesMethodActionData, useSalesMethodForm } from "./use-sales-method-form";
import { ChoiceGroup } from "~/components/ui/choice-group";
import { FormAlert } from "~/components/ui/form-alert";
import {
  BUTTON_STYLES,
  INTEGRATION_METHODS,
  optionValues,
  WEBSITE_PLATFORMS,
} from "~/domains/sales-methods/content/sales-options";
import { buyButtonSnippet, type ButtonStyle, type IntegrationMethod } from "~/domains/sales-methods/buy-button-snippet";
import { showToast } from "~/lib/toast";
import { EXISTING_WEBSITE_DEFAULTS, existingWebsiteSchema } from "~/domains/sales-methods/schemas/existing-website";

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The buy button form: the website, its platform and the button, with its code beside. */
export function ExistingWebsiteForm({
  values,
  storeName,
  buyUrl,
  live,
  actionData,
  customStyleLock,
}: {
  values: Record<string, unknown>;
  storeName: string;
  buyUrl: string;
  live: boolean;
  actionData: SalesMethodActionData;
  /** Given when the plan lacks the own-CSS style: the lock shown under the style, whose custom choice is disabled. */
  customStyleLock?: ReactNode;
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
        <SelectField
          field={fields.buttonStyle}
          label="Button style"
          options={BUTTON_STYLES}
          hint={customStyleLock}
          disabled={customStyleLock ? ["custom"] : []}
        />
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
