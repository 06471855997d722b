import { z } from "zod";
import { isCountryCode } from "~/features/shipping/content/countries";
import { REST_OF_WORLD } from "~/features/shipping/shipping-price";
import { requiredText } from "~/lib/form-fields";
import { MAXIMUM_PRICE_MINOR, parseAmount } from "~/lib/money";

export const ZONE_NAME_MAX = 60;
export const RATE_NAME_MAX = 60;
/** How many weight bands a rate form offers. */
export const RATE_BAND_ROWS = 6;
/** The heaviest band a rate may have: 1,000 kg. */
export const MAX_BAND_GRAMS = 1_000_000;

export const SHIPPING_MESSAGES = {
  zoneName: "Please enter a zone name.",
  zoneNameTooLong: `Please use at most ${ZONE_NAME_MAX} characters.`,
  countries: "Please choose at least one country, or Rest of world.",
  country: "Please choose countries from the list.",
  rateName: "Please enter a rate name, like Standard.",
  rateNameTooLong: `Please use at most ${RATE_NAME_MAX} characters.`,
  price: "Please enter a price of 0 or more, like 4.50.",
  grams: "Please enter a weight in whole grams above 0.",
  bandIncomplete: "Please enter both the weight and the price of this band.",
  bandsUnsorted: "Each band's weight must be above the one before it.",
  bandsMissing: "Please enter at least one weight band.",
} as const;

const price = z.string().trim().max(32, SHIPPING_MESSAGES.price);
const optionalPrice = price.optional();

/** A money field as minor units: null when empty, or an issue at `path` when it is not a price of 0 or more. */
function priceCents(value: string | undefined, ctx: z.RefinementCtx, path: (string | number)[]): number | null {
  if (!value) return null;
  const cents = parseAmount(value);
  if (cents === null || cents > MAXIMUM_PRICE_MINOR) {
    ctx.addIssue({ code: "custom", path, message: SHIPPING_MESSAGES.price });
    return null;
  }
  return cents;
}

/** The checkbox group as posted: nothing, one value or several. */
const list = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.string().max(2)),
);

/** The zone form: a name and its countries, or Rest of world (every country no other zone names). */
export const shippingZoneSchema = z
  .object({
    intent: z.literal("save-zone"),
    id: z.string().max(64).optional(),
    name: requiredText(SHIPPING_MESSAGES.zoneName, ZONE_NAME_MAX, SHIPPING_MESSAGES.zoneNameTooLong),
    countries: list,
    restOfWorld: z.string().optional(),
  })
  .transform((value, ctx) => {
    const restOfWorld = value.restOfWorld === "on";
    if (value.countries.some((code) => !isCountryCode(code)))
      ctx.addIssue({ code: "custom", path: ["countries"], message: SHIPPING_MESSAGES.country });
    else if (!restOfWorld && value.countries.length === 0)
      ctx.addIssue({ code: "custom", path: ["countries"], message: SHIPPING_MESSAGES.countries });
    return {
      id: value.id || null,
      name: value.name,
      countries: restOfWorld ? [REST_OF_WORLD] : [...new Set(value.countries)].sort(),
    };
  });

/** The rate form: a flat price or weight bands (each heavier than the one before), free above an optional subtotal. */
export const shippingRateSchema = z
  .object({
    intent: z.literal("save-rate"),
    id: z.string().max(64).optional(),
    zoneId: z.string().max(64),
    name: requiredText(SHIPPING_MESSAGES.rateName, RATE_NAME_MAX, SHIPPING_MESSAGES.rateNameTooLong),
    kind: z.enum(["flat", "weight"]).default("flat"),
    price: optionalPrice,
    freeAbove: optionalPrice,
    bands: z
      .array(z.object({ maxGrams: z.string().trim().max(12).optional(), price: optionalPrice }))
      .max(RATE_BAND_ROWS)
      .default([]),
  })
  .transform((value, ctx) => {
    const freeAboveCents = priceCents(value.freeAbove, ctx, ["freeAbove"]);
    let priceCentsValue = 0;
    const bands: { maxGrams: number; priceCents: number }[] = [];
    if (value.kind === "flat") {
      priceCentsValue = priceCents(value.price, ctx, ["price"]) ?? 0;
      if (!value.price) ctx.addIssue({ code: "custom", path: ["price"], message: SHIPPING_MESSAGES.price });
    } else {
      value.bands.forEach((band, i) => {
        if (!band.maxGrams && !band.price) return;
        if (!band.maxGrams || !band.price) {
          ctx.addIssue({ code: "custom", path: ["bands", i, "maxGrams"], message: SHIPPING_MESSAGES.bandIncomplete });
          return;
        }
        const grams = /^\d{1,7}$/.test(band.maxGrams) ? Number(band.maxGrams) : 0;
        if (grams < 1 || grams > MAX_BAND_GRAMS) {
          ctx.addIssue({ code: "custom", path: ["bands", i, "maxGrams"], message: SHIPPING_MESSAGES.grams });
          return;
        }
        const cents = priceCents(band.price, ctx, ["bands", i, "price"]);
        if (cents === null) return;
        const previous = bands.at(-1);
        if (previous && grams <= previous.maxGrams)
          ctx.addIssue({ code: "custom", path: ["bands", i, "maxGrams"], message: SHIPPING_MESSAGES.bandsUnsorted });
        bands.push({ maxGrams: grams, priceCents: cents });
      });
      if (value.bands.every((band) => !band.maxGrams && !band.price))
        ctx.addIssue({ code: "custom", path: ["bands"], message: SHIPPING_MESSAGES.bandsMissing });
    }
    return {
      id: value.id || null,
      zoneId: value.zoneId,
      name: value.name,
      kind: value.kind,
      priceCents: priceCentsValue,
      bands,
      freeAboveCents,
    };
  });

export type ShippingZoneInput = z.output<typeof shippingZoneSchema>;
export type ShippingRateInput = z.output<typeof shippingRateSchema>;
