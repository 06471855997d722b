import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { SaveButton, TextField } from "./sales-form-fields";
import { type SalesMethodActionData, useSalesMethodForm } from "./use-sales-method-form";
import { ChoiceGroup } from "~/components/ui/choice-group";
import { FormAlert } from "~/components/ui/form-alert";
import { RETAIL_FEATURES } from "~/domains/sales-methods/content/sales-options";
import { retailStoreSchema } from "~/domains/sales-methods/schemas/retail-store";

/** The retail store form: the shop, its address and the counter features wanted. */
export function RetailStoreForm({
  values,
  actionData,
}: {
  values: Record<string, unknown>;
  actionData: SalesMethodActionData;
}) {
  const [form, fields] = useSalesMethodForm("retail-store", retailStoreSchema, values, actionData);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-1">
      <TextField field={fields.storeName} label="Store name" autoComplete="organization" />
      <TextField field={fields.address} label="Store address" rows={3} placeholder="Street, city, postcode, country" />
      <TextField field={fields.description} label="Description (optional)" rows={3} />
      <ChoiceGroup
        field={fields.features}
        legend="Features (optional)"
        options={RETAIL_FEATURES}
        hint="Select all you want to use"
      />
      <FormAlert message={form.errors?.[0]} />
      <div className="mt-2">
        <SaveButton>Save Retail Store</SaveButton>
      </div>
    </Form>
  );
}
