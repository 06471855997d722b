import { z } from "zod";
import { STORE_CATEGORIES, STORE_CURRENCIES, STORE_THEMES } from "~/domains/sales-methods/content/sales-options";
import { choice, nameField, optionalText } from "./sales-fields";

/** The Create Your Online Store form's starting values: USD and the modern theme. */
export const ONLINE_STORE_DEFAULTS = { currency: "USD", theme: "modern" } as const;

/** The Create Your Online Store form. */
export const onlineStoreSchema = z.object({
  storeName: nameField("Store name"),
  storeDescription: optionalText("Store description"),
  category: choice(STORE_CATEGORIES, "Please choose a category"),
  currency: choice(STORE_CURRENCIES, "Please choose a currency").default(ONLINE_STORE_DEFAULTS.currency),
  theme: choice(STORE_THEMES, "Please choose a theme").default(ONLINE_STORE_DEFAULTS.theme),
});

export type OnlineStoreSettings = z.output<typeof onlineStoreSchema>;
