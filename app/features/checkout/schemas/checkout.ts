import { z } from "zod";
import { PROVIDER_IDS } from "~/features/payments/content/providers";
import { emailField, INVALID_EMAIL_MESSAGE, MAX_EMAIL_LENGTH } from "~/lib/form-fields";

export const AMOUNT_FIELD_MAX = 32;
export const DISCOUNT_CODE_FIELD_MAX = 64;
export const CHOOSE_PROVIDER_MESSAGE = "Please choose how to pay.";

const amount = z.string().trim().max(AMOUNT_FIELD_MAX, "Please enter an amount, like 12 or 12.50.").optional();
const discountCode = z.string().trim().max(DISCOUNT_CODE_FIELD_MAX, "This discount code is not valid.").optional();

/** The form's fields as posted: every one may be missing. */
type CheckoutFormFields = {
  intent?: string;
  email?: string;
  amount?: string;
  discountCode?: string;
  provider?: string;
};

/**
 * The buyer's checkout form: `apply` shows the price summary, anything else pays (a pay button posts no intent).
 * The price is never read from the form.
 */
export const checkoutSchema = z.preprocess(
  (fields: CheckoutFormFields) => ({ ...fields, intent: fields.intent === "apply" ? "apply" : "pay" }),
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("apply"),
      email: z.string().trim().max(MAX_EMAIL_LENGTH, INVALID_EMAIL_MESSAGE).optional(),
      amount,
      discountCode,
    }),
    z.object({
      intent: z.literal("pay"),
      email: emailField,
      amount,
      discountCode,
      /** The pressed pay button; a free order needs none. */
      provider: z.enum(PROVIDER_IDS, { error: CHOOSE_PROVIDER_MESSAGE }).optional(),
    }),
  ]),
);

export type CheckoutFormInput = z.infer<typeof checkoutSchema>;
