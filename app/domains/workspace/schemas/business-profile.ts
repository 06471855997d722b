import { z } from "zod";
import {
  BUSINESS_TYPES,
  COMPANY_SIZES,
  DELIVERY_METHODS,
  PAYMENT_METHODS,
  valuesOf,
} from "~/domains/workspace/content/business";
import { checkbox, requiredText, several } from "~/lib/form-fields";
import { DEFAULT_DIAL_CODE, DIAL_CODE_VALUES } from "~/lib/phone/dial-codes";
import { toE164 } from "~/lib/phone/phone-number";

export const PHONE_MIN = 10;
export const INVALID_PHONE_MESSAGE = "Please enter a valid phone number";
export const STORE_NAME_MIN = 2;
export const DESCRIPTION_MIN = 10;
export const TARGET_CUSTOMERS_MIN = 5;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const AVATAR_TYPE_MESSAGE = "Please choose an image file (PNG, JPEG, WebP or GIF)";
export const AVATAR_SIZE_MESSAGE = "The image must be at most 2 MB";

const minText = (min: number, message: string, max: number) =>
  requiredText(message, max, `Please keep this under ${max} characters`).min(min, message);

/**
 * The phone as typed: at least 10 characters of digits and separators beside its country code (default +1); stored as
 * one E.164 number.
 */
const phoneFields = {
  phoneCountry: z.enum(DIAL_CODE_VALUES, { error: "Please choose a country code" }).default(DEFAULT_DIAL_CODE),
  phone: z
    .string({ error: INVALID_PHONE_MESSAGE })
    .trim()
    .min(PHONE_MIN, INVALID_PHONE_MESSAGE)
    .max(32, INVALID_PHONE_MESSAGE)
    .regex(/^\+?[\d\s().-]+$/, INVALID_PHONE_MESSAGE),
};

/**
 * The number and its code must form a real E.164 number, checked even while other fields are invalid. Each schema adds
 * it, as object rules cannot be omitted.
 */
export function phoneFitsE164<Schema extends z.ZodObject>(schema: Schema): Schema {
  return schema.refine((value) => toE164(String(value.phoneCountry), String(value.phone)) !== null, {
    path: ["phone"],
    message: INVALID_PHONE_MESSAGE,
    when: (payload) => {
      const value = payload.value as { phone?: unknown; phoneCountry?: unknown } | undefined;
      return typeof value?.phone === "string" && typeof value?.phoneCountry === "string";
    },
  }) as Schema;
}

/** Register step 2: business information. The picture's content is checked again on the server. */
export const businessProfileFields = z.object({
  ...phoneFields,
  storeName: minText(STORE_NAME_MIN, "Store name must be at least 2 characters", 100),
  businessTypes: several(valuesOf(BUSINESS_TYPES)).refine(
    (types) => types.length > 0,
    "Please select at least one business type",
  ),
  businessDescription: minText(DESCRIPTION_MIN, "Please provide a brief description of your business", 1000),
  targetCustomers: minText(TARGET_CUSTOMERS_MIN, "Please describe your target customers", 500),
  companySize: z.enum(valuesOf(COMPANY_SIZES)).optional(),
  websiteUrl: z
    .union([
      z.literal(""),
      z.url({ protocol: /^https?$/, error: "Please enter a valid URL" }).max(2048, "Please enter a valid URL"),
    ])
    .optional()
    .transform((value) => value || undefined),
  preferredDelivery: several(valuesOf(DELIVERY_METHODS)),
  preferredPayment: several(valuesOf(PAYMENT_METHODS)),
  profilePicture: z
    .instanceof(File)
    .optional()
    .refine(
      (file) => !file || file.size === 0 || (AVATAR_TYPES as readonly string[]).includes(file.type),
      AVATAR_TYPE_MESSAGE,
    )
    .refine((file) => !file || file.size <= AVATAR_MAX_BYTES, AVATAR_SIZE_MESSAGE),
  termsAccepted: checkbox.refine((accepted) => accepted, "You must accept the terms and conditions"),
  marketingConsent: checkbox,
});

export const businessProfileSchema = phoneFitsE164(businessProfileFields);

export type BusinessProfileInput = z.infer<typeof businessProfileSchema>;
