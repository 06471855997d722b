import { z } from "zod";
import { EVENT_PAYMENT_METHODS, EVENT_TYPES } from "~/domains/sales-methods/content/sales-options";
import { choices, nameField, optionalText } from "./sales-fields";

/** The Setup Event Sales form's starting values. */
export const EVENT_SALES_DEFAULTS = { eventTypes: [] as string[], paymentMethods: [] as string[] };

/** The Setup Event Sales form: at least one event type and one payment method. */
export const eventSalesSchema = z.object({
  businessName: nameField("Business name"),
  description: optionalText("Description"),
  eventTypes: choices(EVENT_TYPES, "Please choose event types from the list", "Please select at least one event type"),
  setupRequirements: optionalText("Setup requirements"),
  paymentMethods: choices(
    EVENT_PAYMENT_METHODS,
    "Please choose payment methods from the list",
    "Please select at least one payment method",
  ),
});

export type EventSalesSettings = z.output<typeof eventSalesSchema>;
