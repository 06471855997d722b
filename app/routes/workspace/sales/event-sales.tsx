import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { SaveButton, TextField } from "~/features/sales-methods/components/sales-form-fields";
import { SalesMethodLayout, salesMethodMeta } from "~/features/sales-methods/components/sales-method-layout";
import { useSalesMethodForm } from "~/features/sales-methods/components/use-sales-method-form";
import { ChoiceGroup } from "~/components/ui/choice-group";
import { FormAlert } from "~/components/ui/form-alert";
import { EVENT_PAYMENT_METHODS, EVENT_TYPES } from "~/features/sales-methods/content/sales-options";
import { EVENT_SALES_DEFAULTS, eventSalesSchema } from "~/features/sales-methods/schemas/event-sales";
import { loadSalesMethodForm } from "~/features/sales-methods/server/load-sales-method-form.server";
import { submitSalesMethodForm } from "~/features/sales-methods/server/submit-sales-method-form.server";
import type { Route } from "./+types/event-sales";
import { requestContext } from "~/server/http/request-context.server";
import { readFormData } from "~/server/http/read-form-data.server";

const METHOD = "events";

export const meta: Route.MetaFunction = () => salesMethodMeta(METHOD);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { values, saved } = await loadSalesMethodForm(
    context.services,
    requestContext(request),
    METHOD,
    EVENT_SALES_DEFAULTS,
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
    eventSalesSchema,
    {
      savedToast: "Event sales saved",
    },
  );
}

export default function SalesEventSales({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SalesMethodLayout
      method={METHOD}
      lead="Markets, fairs and pop-ups: say where you sell, what you need on site and how buyers can pay."
      saved={Boolean(loaderData.saved)}
    >
      <EventSalesForm key={loaderData.saved?.updatedAt ?? "new"} values={loaderData.values} actionData={actionData} />
    </SalesMethodLayout>
  );
}

function EventSalesForm({
  values,
  actionData,
}: {
  values: Record<string, unknown>;
  actionData: Route.ComponentProps["actionData"];
}) {
  const [form, fields] = useSalesMethodForm("event-sales", eventSalesSchema, values, actionData);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-1">
      <TextField field={fields.businessName} label="Business name" autoComplete="organization" />
      <TextField field={fields.description} label="Description (optional)" rows={3} />
      <ChoiceGroup field={fields.eventTypes} legend="Event types" options={EVENT_TYPES} hint="Select at least one" />
      <TextField
        field={fields.setupRequirements}
        label="Setup requirements (optional)"
        rows={3}
        placeholder="Table size, power, tent, Wi-Fi…"
      />
      <ChoiceGroup
        field={fields.paymentMethods}
        legend="Payment methods"
        options={EVENT_PAYMENT_METHODS}
        hint="Select at least one"
      />
      <FormAlert message={form.errors?.[0]} />
      <div className="mt-2">
        <SaveButton>Save Event Sales</SaveButton>
      </div>
    </Form>
  );
}
