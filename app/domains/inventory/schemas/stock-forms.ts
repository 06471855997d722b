import { z } from "zod";
import "~/lib/form-fields";
import { ADJUSTMENT_REASONS } from "~/domains/inventory/stock-kinds";
import { STOCK_IMPORT_MODES, STOCK_QUANTITY_MAX } from "~/domains/inventory/stock-import-rows";

// The Store Management page's forms, one schema each, told apart by their `intent`; the server parses with them too.

const WHOLE = /^[+-]?\d+$/;
const id = (message: string) => z.string({ error: message }).uuid(message);
const itemId = id("Please choose an item.");
const locationId = id("Please choose a location.");
const MAX_UNITS = STOCK_QUANTITY_MAX.toLocaleString("en-US");
const note = z.string().trim().max(200, "A note can be at most 200 characters.").default("");

/** A whole number of units in the given range, from a text field. */
function units(min: number, max: number, message: string) {
  return z
    .string({ error: "Please enter a quantity." })
    .trim()
    .min(1, "Please enter a quantity.")
    .regex(WHOLE, "Please enter a whole number, like 5.")
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

/** Units received: at least one. */
export const receiveStockSchema = z.object({
  intent: z.literal("receive"),
  variantId: itemId,
  locationId,
  quantity: units(1, STOCK_QUANTITY_MAX, `Please receive 1 to ${STOCK_QUANTITY_MAX} units.`),
  note,
});

/** An adjustment: a signed change with its reason. */
export const adjustStockSchema = z.object({
  intent: z.literal("adjust"),
  variantId: itemId,
  locationId,
  quantity: units(
    -STOCK_QUANTITY_MAX,
    STOCK_QUANTITY_MAX,
    `Please enter a change from -${MAX_UNITS} to ${MAX_UNITS}: stock on hand stays between 0 and ${MAX_UNITS}.`,
  ).refine((value) => value !== 0, "Please enter a change other than 0: negative to remove units, positive to add."),
  reason: z.enum(
    ADJUSTMENT_REASONS.map((reason) => reason.value),
    { error: "Please choose a reason." },
  ),
  note,
});

/** A transfer between two of the seller's locations. */
export const transferStockSchema = z.object({
  intent: z.literal("transfer"),
  variantId: itemId,
  fromLocationId: locationId,
  toLocationId: id("Please choose where the units go."),
  quantity: units(1, STOCK_QUANTITY_MAX, `Please transfer 1 to ${STOCK_QUANTITY_MAX} units.`),
  note,
});

/** A product's low-stock alert level; empty turns the alert off. */
export const lowStockThresholdSchema = z.object({
  intent: z.literal("threshold"),
  productId: id("Please choose a product."),
  threshold: z
    .string()
    .trim()
    .default("")
    .transform((text) => text || null)
    .pipe(
      z
        .string()
        .regex(WHOLE, "Please enter a whole number, like 5, or leave it empty for no alert.")
        .transform(Number)
        .pipe(z.number().int().min(0, "The alert level cannot be negative.").max(STOCK_QUANTITY_MAX))
        .nullable(),
    ),
});

/** A shop's details: add (no id) or edit. */
export const shopSchema = z.object({
  intent: z.literal("save-location"),
  id: z.union([z.literal(""), id("This location was not found.")]).default(""),
  name: z
    .string({ error: "Please enter the shop's name." })
    .trim()
    .min(1, "Please enter the shop's name.")
    .max(80, "A name can be at most 80 characters."),
  address: z.string().trim().max(300, "An address can be at most 300 characters.").default(""),
  openingHours: z.string().trim().max(300, "Opening hours can be at most 300 characters.").default(""),
  phone: z
    .string()
    .trim()
    .max(40, "A phone number can be at most 40 characters.")
    .regex(/^[0-9+()./ -]*$/, "Please enter a phone number with digits, spaces and + ( ) - only.")
    .default(""),
});

/** Archiving a shop, or restoring an archived one. */
export const archiveLocationSchema = z.object({
  intent: z.enum(["archive-location", "restore-location"]),
  id: id("This location was not found."),
});

/** A stock count at one location: the counted quantities of the items filled in (blank ones are not counted). */
export const stockCountSchema = z.object({
  intent: z.enum(["count-review", "count-post"]),
  locationId,
  counts: z
    .array(
      z.object({
        variantId: itemId,
        counted: units(0, STOCK_QUANTITY_MAX, `Please enter a count from 0 to ${STOCK_QUANTITY_MAX}.`),
      }),
    )
    .min(1, "Please enter at least one counted quantity.")
    .max(10_000)
    .refine(
      (counts) => new Set(counts.map((count) => count.variantId)).size === counts.length,
      "Each item can be counted once per count.",
    ),
});

/** An inventory CSV to check (preview) or apply. */
export const stockImportSchema = z.object({
  intent: z.enum(["import-preview", "import-apply"]),
  mode: z.enum(
    STOCK_IMPORT_MODES.map((mode) => mode.value),
    { error: "Please choose how the quantities are used." },
  ),
});
