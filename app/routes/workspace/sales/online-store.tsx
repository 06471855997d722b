import { getFormProps } from "@conform-to/react";
import { Check } from "lucide-react";
import { Form } from "react-router";
import { SaveButton, SelectField, TextField } from "~/features/sales-methods/components/sales-form-fields";
import { SalesMethodLayout, salesMethodMeta } from "~/features/sales-methods/components/sales-method-layout";
import { useSalesMethodForm } from "~/features/sales-methods/components/use-sales-method-form";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ChoiceGroup } from "~/components/ui/choice-group";
import { FormAlert } from "~/components/ui/form-alert";
import {
  ONLINE_STORE_FEATURES,
  STORE_CATEGORIES,
  STORE_CURRENCIES,
  STORE_THEMES,
} from "~/features/sales-methods/content/sales-options";
import { ONLINE_STORE_DEFAULTS, onlineStoreSchema } from "~/features/sales-methods/schemas/online-store";
import { loadSalesMethodForm } from "~/features/sales-methods/server/load-sales-method-form.server";
import { submitSalesMethodForm } from "~/features/sales-methods/server/submit-sales-method-form.server";
import type { Route } from "./+types/online-store";
import { requestContext } from "~/server/http/request-context.server";
import { readFormData } from "~/server/http/read-form-data.server";

const METHOD = "online_store";

export const meta: Route.MetaFunction = () => salesMethodMeta(METHOD);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { values, saved } = await loadSalesMethodForm(
    context.services,
    requestContext(request),
    METHOD,
    ONLINE_STORE_DEFAULTS,
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
    onlineStoreSchema,
    {
      savedToast: "Online store saved",
    },
  );
}

export default function SalesOnlineStore({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SalesMethodLayout
      method={METHOD}
      lead="Name your store, pick a category, a currency and a theme. You can change everything later."
      saved={Boolean(loaderData.saved)}
      aside={
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold leading-tight">What your store includes</h2>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm">
              {ONLINE_STORE_FEATURES.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  {feature}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      }
    >
      <OnlineStoreForm key={loaderData.saved?.updatedAt ?? "new"} values={loaderData.values} actionData={actionData} />
    </SalesMethodLayout>
  );
}

function OnlineStoreForm({
  values,
  actionData,
}: {
  values: Record<string, unknown>;
  actionData: Route.ComponentProps["actionData"];
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
