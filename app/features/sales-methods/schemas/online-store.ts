import { z } from "zod";
import { STORE_CATEGORIES, STORE_CURRENCIES, STORE_THEMES } from "~/features/sales-methods/content/sales-options";
import { choice, nameField, optionalText } from "./sales-fields";

/** Create Your Online Store: currency USD and theme modern by default. */
export const ONLINE_STORE_DEFAULTS = { currency: "USD", theme: "modern" } as const;

export const onlineStoreSchema = z.object({
  storeName: nameField("Store name"),
  storeDescription: optionalText("Store description"),
  category: choice(STORE_CATEGORIES, "Please choose a category"),
  currency: choice(STORE_CURRENCIES, "Please choose a currency").default(ONLINE_STORE_DEFAULTS.currency),
  theme: choice(STORE_THEMES, "Please choose a theme").default(ONLINE_STORE_DEFAULTS.theme),
});

export type OnlineStoreSettings = z.output<typeof onlineStoreSchema>;
