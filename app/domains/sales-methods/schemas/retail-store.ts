import { z } from "zod";
import { RETAIL_FEATURES } from "~/domains/sales-methods/content/sales-options";
import { ADDRESS_MAX, ADDRESS_MIN, choices, nameField, NO_NUL, optionalText } from "./sales-fields";

/** The Setup Your Retail Store form's starting values. */
export const RETAIL_STORE_DEFAULTS = { features: [] as string[] };

/** The Setup Your Retail Store form: the address is required, features optional. */
export const retailStoreSchema = z.object({
  storeName: nameField("Store name"),
  address: z
    .string({ error: "Please enter the store address" })
    .trim()
    .min(1, "Please enter the store address")
    .min(ADDRESS_MIN, "Please enter the full store address")
    .max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`)
    .regex(NO_NUL, "Address contains a character that is not allowed"),
  description: optionalText("Description"),
  features: choices(RETAIL_FEATURES, "Please choose features from the list"),
});

export type RetailStoreSettings = z.output<typeof retailStoreSchema>;
