import { z } from "zod";
import { BUSINESS_TYPES, COMPANY_SIZES, DELIVERY_METHODS, PAYMENT_METHODS, valuesOf } from "~/features/workspace/content/business";
import { checkbox, requiredText, several } from "~/lib/form-fields";

export const PHONE_MIN = 10;
export const STORE_NAME_MIN = 2;
export const DESCRIPTION_MIN = 10;
export const TARGET_CUSTOMERS_MIN = 5;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const AVATAR_TYPE_MESSAGE = "Please choose an image file (PNG, JPEG, WebP or GIF)";
export const AVATAR_SIZE_MESSAGE = "The image must be at most 2 MB";

const minText = (min: number, message: string, max: number) => requiredText(message, max, `Please keep this under ${max} characters`).min(min, message);

/** Register step 2 (SPEC §5): business information. The picture's content is checked again on the server. */
export const businessProfileSchema = z.object({
  phone: z
    .string({ error: "Please enter a valid phone number" })
    .trim()
    .min(PHONE_MIN, "Please enter a valid phone number")
    .max(32, "Please enter a valid phone number")
    .regex(/^\+?[\d\s().-]+$/, "Please enter a valid phone number"),
  storeName: minText(STORE_NAME_MIN, "Store name must be at least 2 characters", 100),
  businessTypes: several(valuesOf(BUSINESS_TYPES)).refine((types) => types.length > 0, "Please select at least one business type"),
  businessDescription: minText(DESCRIPTION_MIN, "Please provide a brief description of your business", 1000),
  targetCustomers: minText(TARGET_CUSTOMERS_MIN, "Please describe your target customers", 500),
  companySize: z.enum(valuesOf(COMPANY_SIZES)).optional(),
  websiteUrl: z
    .union([z.literal(""), z.url({ protocol: /^https?$/, error: "Please enter a valid URL" }).max(2048, "Please enter a valid URL")])
    .optional()
    .transform((value) => value || undefined),
  preferredDelivery: several(valuesOf(DELIVERY_METHODS)),
  preferredPayment: several(valuesOf(PAYMENT_METHODS)),
  profilePicture: z
    .instanceof(File)
    .optional()
    .refine((file) => !file || file.size === 0 || (AVATAR_TYPES as readonly string[]).includes(file.type), AVATAR_TYPE_MESSAGE)
    .refine((file) => !file || file.size <= AVATAR_MAX_BYTES, AVATAR_SIZE_MESSAGE),
  termsAccepted: checkbox.refine((accepted) => accepted, "You must accept the terms and conditions"),
  marketingConsent: checkbox,
});

export type BusinessProfileInput = z.infer<typeof businessProfileSchema>;
