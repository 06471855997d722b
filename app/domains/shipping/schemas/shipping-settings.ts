import { z } from "zod";
import { isCountryCode } from "~/domains/shipping/content/countries";
import { REST_OF_WORLD } from "~/domains/shipping/shipping-price";
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

/** A money field as minor units: null when empty or not a price of 0 or more. */
function centsOf(value: string | undefined): number | null {
  if (!value) return null;
  const cents = parseAmount(value);
  return cents === null || cents > MAXIMUM_PRICE_MINOR ? null : cents;
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
  .superRefine((value, ctx) => {
    const countries = Array.isArray(value.countries) ? value.countries : [];
    if (countries.some((code) => !isCountryCode(code)))
      ctx.addIssue({ code: "custom", path: ["countries"], message: SHIPPING_MESSAGES.country });
    else if (value.restOfWorld !== "on" && countries.length === 0)
      ctx.addIssue({ code: "custom", path: ["countries"], message: SHIPPING_MESSAGES.countries });
  });

/** A valid zone form as the zone verb takes it: Rest of world as its one code, countries sorted once each. */
export function toShippingZoneInput(value: z.output<typeof shippingZoneSchema>) {
  return {
    id: value.id || null,
    name: value.name,
    countries: value.restOfWorld === "on" ? [REST_OF_WORLD] : [...new Set(value.countries)].sort(),
  };
}

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
  .superRefine((value, ctx) => {
    const priceIssue = (path: (string | number)[]) =>
      ctx.addIssue({ code: "custom", path, message: SHIPPING_MESSAGES.price });
    if (value.freeAbove && centsOf(value.freeAbove) === null) priceIssue(["freeAbove"]);
    if (value.kind === "flat") {
      if (centsOf(value.price) === null) priceIssue(["price"]);
      return;
    }
    let previous = 0;
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
      if (centsOf(band.price) === null) priceIssue(["bands", i, "price"]);
      if (grams <= previous)
        ctx.addIssue({ code: "custom", path: ["bands", i, "maxGrams"], message: SHIPPING_MESSAGES.bandsUnsorted });
      previous = Math.max(previous, grams);
    });
    if (value.bands.every((band) => !band.maxGrams && !band.price))
      ctx.addIssue({ code: "custom", path: ["bands"], message: SHIPPING_MESSAGES.bandsMissing });
  });

/** A valid rate form as the rate verb takes it, in minor units and grams; empty band rows dropped. */
export function toShippingRateInput(value: z.output<typeof shippingRateSchema>) {
  return {
    id: value.id || null,
    zoneId: value.zoneId,
    name: value.name,
    kind: value.kind,
    priceCents: value.kind === "flat" ? (centsOf(value.price) ?? 0) : 0,
    bands:
      value.kind === "weight"
        ? value.bands
            .filter((band) => band.maxGrams && band.price)
            .map((band) => ({ maxGrams: Number(band.maxGrams), priceCents: centsOf(band.price) ?? 0 }))
        : [],
    freeAboveCents: centsOf(value.freeAbove),
  };
}

export type ShippingZoneInput = ReturnType<typeof toShippingZoneInput>;
export type ShippingRateInput = ReturnType<typeof toShippingRateInput>;
