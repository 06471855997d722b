import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { SaveButton, TextField } from "~/features/sales-methods/components/sales-form-fields";
import { SalesMethodLayout, salesMethodMeta } from "~/features/sales-methods/components/sales-method-layout";
import { useSalesMethodForm } from "~/features/sales-methods/components/use-sales-method-form";
import { ChoiceGroup } from "~/components/ui/choice-group";
import { FormAlert } from "~/components/ui/form-alert";
import { RETAIL_FEATURES } from "~/features/sales-methods/content/sales-options";
import { RETAIL_STORE_DEFAULTS, retailStoreSchema } from "~/features/sales-methods/schemas/retail-store";
import { loadSalesMethodForm } from "~/features/sales-methods/server/load-sales-method-form.server";
import { submitSalesMethodForm } from "~/features/sales-methods/server/submit-sales-method-form.server";
import type { Route } from "./+types/retail-store";
import { requestContext } from "~/server/http/request-context.server";
import { readFormData } from "~/server/http/read-form-data.server";

const METHOD = "retail_store";

export const meta: Route.MetaFunction = () => salesMethodMeta(METHOD);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { values, saved } = await loadSalesMethodForm(
    context.services,
    requestContext(request),
    METHOD,
    RETAIL_STORE_DEFAULTS,
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
    retailStoreSchema,
    {
      savedToast: "Retail store saved",
    },
  );
}

export default function SalesRetailStore({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SalesMethodLayout
      method={METHOD}
      lead="Tell us about your shop and switch on the features you need at the counter."
      saved={Boolean(loaderData.saved)}
    >
      <RetailStoreForm key={loaderData.saved?.updatedAt ?? "new"} values={loaderData.values} actionData={actionData} />
    </SalesMethodLayout>
  );
}

function RetailStoreForm({
  values,
  actionData,
}: {
  values: Record<string, unknown>;
  actionData: Route.ComponentProps["actionData"];
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
