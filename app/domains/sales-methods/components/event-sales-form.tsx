import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { SaveButton, TextField } from "./sales-form-fields";
import { type SalesMethodActionData, useSalesMethodForm } from "./use-sales-method-form";
import { ChoiceGroup } from "~/components/ui/choice-group";
import { FormAlert } from "~/components/ui/form-alert";
import { EVENT_PAYMENT_METHODS, EVENT_TYPES } from "~/domains/sales-methods/content/sales-options";
import { eventSalesSchema } from "~/domains/sales-methods/schemas/event-sales";

/** The event sales form: the business, event types, setup needs and payment methods. */
export function EventSalesForm({
  values,
  actionData,
}: {
  values: Record<string, unknown>;
  actionData: SalesMethodActionData;
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
