import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { SaveButton, SelectField, TextField } from "./sales-form-fields";
import { type SalesMethodActionData, useSalesMethodForm } from "./use-sales-method-form";
import { ChoiceGroup } from "~/components/ui/choice-group";
import { FormAlert } from "~/components/ui/form-alert";
import { STORE_CATEGORIES, STORE_CURRENCIES, STORE_THEMES } from "~/domains/sales-methods/content/sales-options";
import { onlineStoreSchema } from "~/domains/sales-methods/schemas/online-store";

/** The online store form: name, description, category, currency and theme. */
export function OnlineStoreForm({
  values,
  actionData,
}: {
  values: Record<string, unknown>;
  actionData: SalesMethodActionData;
}) {
  const [form, fields] = useSalesMethodForm("online-store", onlineStoreSchema, values, actionData);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-1">
      <TextField field={fields.storeName} label="Store name" autoComplete="organization" />
      <TextField field={fields.storeDescription} label="Store description (optional)" rows={3} />
      <SelectField
        field={fields.category}
        label="Category"
        options={STORE_CATEGORIES}
        placeholder="Choose a category…"
      />
      <SelectField field={fields.currency} label="Currency" options={STORE_CURRENCIES} />
      <ChoiceGroup field={fields.theme} legend="Theme" options={STORE_THEMES} type="radio" />
      <FormAlert message={form.errors?.[0]} />
      <div className="mt-2">
        <SaveButton>Save Online Store</SaveButton>
      </div>
    </Form>
  );
}
