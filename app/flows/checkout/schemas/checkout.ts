import { z } from "zod";
import { PROVIDER_IDS } from "~/domains/payments/content/providers";
import { ADDRESS_FIELD_MAX, type AddressFields, addressErrors } from "~/domains/shipping/address";
import { ERRORS } from "~/lib/errors";
import { emailField, INVALID_EMAIL_MESSAGE, MAX_EMAIL_LENGTH } from "~/lib/form-fields";

export const AMOUNT_FIELD_MAX = 32;
/** Longest attribution query a checkout form carries; longer ones are refused as tampered. */
export const ATTRIBUTION_FIELD_MAX = 600;
export const DISCOUNT_CODE_FIELD_MAX = 64;
export const CHOOSE_PROVIDER_MESSAGE = "Please choose how to pay.";
/** The buy form's intents: `apply` prices (code, shipping options), `pay` checks out. */
export const CHECKOUT_INTENTS = ["apply", "pay"] as const;

const amount = z.string().trim().max(AMOUNT_FIELD_MAX, "Please enter an amount, like 12 or 12.50.").optional();
const discountCode = z.string().trim().max(DISCOUNT_CODE_FIELD_MAX, "This discount code is not valid.").optional();
const quantity = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return 1;
    if (!/^\d{1,2}$/.test(value) || Number(value) < 1) {
      ctx.addIssue({ code: "custom", message: ERRORS.CHECKOUT_QUANTITY_INVALID.message });
      return z.NEVER;
    }
    return Number(value);
  });
const id = z.string().trim().max(64).optional();
const addressText = z.string().trim().max(ADDRESS_FIELD_MAX, `Please use at most ${ADDRESS_FIELD_MAX} characters.`);
const address = {
  name: addressText.optional(),
  line1: addressText.optional(),
  line2: addressText.optional(),
  city: addressText.optional(),
  region: addressText.optional(),
  postcode: addressText.optional(),
  country: z.string().trim().max(2, "Please choose a country.").optional(),
  shippingRateId: id,
  /** "1" when the page asks for an address (a physical product); the server decides by the product itself. */
  ships: z.string().optional(),
  /** The page's attribution query (`src`, utm values, `via`), re-validated by the server. */
  attribution: z.string().max(ATTRIBUTION_FIELD_MAX).optional(),
};

/** The form's fields as posted: every one may be missing. */
type CheckoutFormFields = {
  intent?: string;
  email?: string;
  amount?: string;
  discountCode?: string;
  provider?: string;
  variantId?: string;
  quantity?: string;
  name?: string;
  line1?: string;
  line2?: string;
  city?: string;
  region?: string;
  postcode?: string;
  country?: string;
  shippingRateId?: string;
  ships?: string;
  attribution?: string;
};

/**
 * The buyer's checkout form: `apply` shows the price summary and shipping options, anything else pays (a pay button
 * posts no intent). A physical product adds its variant, a quantity and the shipping address, checked on pay.
 * The price is never read from the form.
 */
export const checkoutSchema = z.preprocess(
  (fields: CheckoutFormFields) => ({ ...fields, intent: fields.intent === "apply" ? "apply" : "pay" }),
  z
    .discriminatedUnion("intent", [
      z.object({
        intent: z.literal("apply"),
        email: z.string().trim().max(MAX_EMAIL_LENGTH, INVALID_EMAIL_MESSAGE).optional(),
        amount,
        discountCode,
        variantId: id,
        quantity,
        ...address,
      }),
      z.object({
        intent: z.literal("pay"),
        email: emailField,
        amount,
        discountCode,
        /** The pressed pay button; a free order needs none. */
        provider: z.enum(PROVIDER_IDS, { error: CHOOSE_PROVIDER_MESSAGE }).optional(),
        variantId: id,
        quantity,
        ...address,
      }),
    ])
    .superRefine((value, ctx) => {
      if (value.intent !== "pay" || value.ships !== "1") return;
      for (const [field, message] of Object.entries(addressErrors(value as AddressFields)))
        ctx.addIssue({ code: "custom", path: [field], message });
    }),
);

export type CheckoutFormInput = z.infer<typeof checkoutSchema>;
