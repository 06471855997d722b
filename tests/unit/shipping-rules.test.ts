import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { splitDiscount } from "~/flows/checkout/discount-split";
import { orderSummary } from "~/flows/checkout/order-summary";
import { checkoutSchema } from "~/flows/checkout/schemas/checkout";
import { availabilityLabel, describeShortages, shortageMessage } from "~/flows/checkout/stock-message";
import { addressErrors } from "~/domains/shipping/address";
import { COUNTRIES, countryName, isCountryCode } from "~/domains/shipping/content/countries";
import { COUNTRY_REGIONS, isRegionOf, regionsOf } from "~/domains/shipping/content/regions";
import { isValidPostcode, normalizePostcode, requiresPostcode } from "~/domains/shipping/postcodes";
import {
  SHIPPING_MESSAGES,
  shippingRateSchema,
  shippingZoneSchema,
  toShippingRateInput,
  toShippingZoneInput,
} from "~/domains/shipping/schemas/shipping-settings";
import { orderWeight, REST_OF_WORLD, shippingPrice, zoneFor } from "~/domains/shipping/shipping-price";

// The pure rules of physical checkouts: countries, regions, postcodes and the address check.
// Also shipping prices by zone, weight and subtotal, the discount split, and the settings forms' refusals.

/** A submission with its errors readable whatever its status. */
type Checked<S> = S & { error?: Record<string, string[] | null> | null };
const checked = <S>(submission: S) => submission as Checked<S>;

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item);
  return data;
};

describe("countries and regions", () => {
  it("lists every ISO 3166-1 country once, by English name", () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
    expect(COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.code))).toBe(true);
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("GB")).toBe("United Kingdom");
    expect(isCountryCode("AX")).toBe(true);
    expect(isCountryCode("XX")).toBe(false);
    expect(isCountryCode("us")).toBe(false);
  });

  it("names the states, provinces and territories of US, CA and AU, and no others", () => {
    expect(regionsOf("US").map((r) => r.code)).toContain("CA");
    expect(regionsOf("US").length).toBeGreaterThanOrEqual(51);
    expect(regionsOf("CA")).toHaveLength(13);
    expect(regionsOf("AU")).toHaveLength(8);
    expect(regionsOf("DE")).toEqual([]);
    expect(Object.keys(COUNTRY_REGIONS).sort()).toEqual(["AU", "CA", "US"]);
    expect(isRegionOf("AU", "NSW")).toBe(true);
    expect(isRegionOf("AU", "ON")).toBe(false);
    expect(isRegionOf("FR", "Île-de-France")).toBe(true);
  });
});

describe("postcodes", () => {
  const valid: [string, string][] = [
    ["US", "94103"],
    ["US", "94103-1234"],
    ["CA", "K1A 0B1"],
    ["CA", "k1a0b1"],
    ["GB", "SW1A 1AA"],
    ["GB", "m11ae"],
    ["GB", "EC1A 1BB"],
    ["DE", "10115"],
    ["FR", "75008"],
    ["NL", "1012 AB"],
    ["NL", "1012ab"],
    ["AU", "2000"],
  ];
  const invalid: [string, string][] = [
    ["US", "9410"],
    ["US", "SW1A 1AA"],
    ["CA", "D1A 0B1"],
    ["CA", "12345"],
    ["GB", "12345"],
    ["GB", "SW1A"],
    ["DE", "1011"],
    ["DE", "K1A 0B1"],
    ["FR", "99000"],
    ["NL", "0123 AB"],
    ["AU", "20000"],
  ];

  it.each(valid)("accepts %s %s", (country, postcode) => {
    expect(isValidPostcode(country, postcode)).toBe(true);
  });

  it.each(invalid)("refuses %s %s (wrong format or another country's)", (country, postcode) => {
    expect(isValidPostcode(country, postcode)).toBe(false);
  });

  it("writes postcodes the country's way and requires them where the format is known", () => {
    expect(normalizePostcode("GB", " sw1a1aa ")).toBe("SW1A 1AA");
    expect(normalizePostcode("CA", "k1a0b1")).toBe("K1A 0B1");
    expect(normalizePostcode("NL", "1012ab")).toBe("1012 AB");
    expect(normalizePostcode("US", "94103")).toBe("94103");
    expect(requiresPostcode("US")).toBe(true);
    expect(requiresPostcode("IE")).toBe(false);
    expect(isValidPostcode("IE", "D02 X285")).toBe(true);
    expect(isValidPostcode("IE", "<script>")).toBe(false);
  });
});

describe("the shipping address", () => {
  const address = {
    name: "Ada",
    line1: "1 Main St",
    line2: "",
    city: "Springfield",
    region: "IL",
    postcode: "62701",
    country: "US",
  };

  it("passes a full address and names each missing or wrong field", () => {
    expect(addressErrors(address)).toEqual({});
    expect(addressErrors({ ...address, region: "" })).toEqual({
      region: "Please choose a state, province or territory.",
    });
    expect(addressErrors({ ...address, postcode: "SW1A 1AA" })).toEqual({
      postcode: "This postcode is not valid for United States.",
    });
    expect(addressErrors({ ...address, country: "ZZ" })).toEqual({ country: "Please choose a country." });
    expect(addressErrors({ ...address, name: " ", line1: "", city: "" })).toMatchObject({
      name: "Please enter the recipient's name.",
      line1: "Please enter the street address.",
      city: "Please enter the city.",
    });
    // Germany has no region list: any region, or none.
    expect(addressErrors({ ...address, country: "DE", region: "", postcode: "10115" })).toEqual({});
  });

  it("is checked by the buy form only on pay and only when the order ships", () => {
    const pay = (fields: Record<string, string>) => checked(parseWithZod(form(fields), { schema: checkoutSchema }));
    expect(pay({ email: "b@example.com", provider: "test" }).status).toBe("success");
    const shipped = pay({ email: "b@example.com", provider: "test", ships: "1", ...address, postcode: "1" });
    expect(shipped.status).toBe("error");
    expect(shipped.error?.postcode).toEqual(["This postcode is not valid for United States."]);
    expect(pay({ intent: "apply", ships: "1", country: "US" }).status).toBe("success");
    const quantity = pay({ email: "b@example.com", provider: "test", quantity: "100" });
    expect(quantity.error?.quantity).toEqual(["Please enter a quantity from 1 to 99."]);
    expect(pay({ email: "b@example.com", provider: "test", quantity: "0" }).status).toBe("error");
    expect(pay({ email: "b@example.com", provider: "test", quantity: "2.5" }).status).toBe("error");
    const two = pay({ email: "b@example.com", provider: "test", quantity: "2" });
    expect(two.status === "success" && two.value.quantity).toBe(2);
  });
});

describe("shipping prices", () => {
  const flat = { kind: "flat" as const, priceCents: 500, bands: [], freeAboveCents: 5000 };
  const weight = {
    kind: "weight" as const,
    priceCents: 0,
    bands: [
      { maxGrams: 2000, priceCents: 900 },
      { maxGrams: 500, priceCents: 400 },
    ],
    freeAboveCents: null,
  };

  it("charges a flat rate per order, free from its subtotal", () => {
    expect(shippingPrice(flat, { subtotalCents: 4999, weightGrams: 10_000 })).toBe(500);
    expect(shippingPrice(flat, { subtotalCents: 5000, weightGrams: 0 })).toBe(0);
  });

  it("charges by the lightest band holding the order's weight, and offers nothing past the heaviest", () => {
    expect(shippingPrice(weight, { subtotalCents: 100, weightGrams: 0 })).toBe(400);
    expect(shippingPrice(weight, { subtotalCents: 100, weightGrams: 500 })).toBe(400);
    expect(shippingPrice(weight, { subtotalCents: 100, weightGrams: 501 })).toBe(900);
    expect(shippingPrice(weight, { subtotalCents: 100, weightGrams: 2001 })).toBeNull();
    expect(shippingPrice({ ...weight, freeAboveCents: 100 }, { subtotalCents: 100, weightGrams: 600 })).toBe(0);
  });

  it("weighs variants (or products) times quantities, and finds the zone of a country or Rest of world", () => {
    expect(
      orderWeight([
        { unitWeightGrams: 300, quantity: 2 },
        { unitWeightGrams: null, quantity: 5 },
        { unitWeightGrams: 250, quantity: 1 },
      ]),
    ).toBe(850);
    const zones = [
      { id: "row", countries: [REST_OF_WORLD] },
      { id: "eu", countries: ["DE", "FR"] },
    ];
    expect(zoneFor(zones, "FR")?.id).toBe("eu");
    expect(zoneFor(zones, "JP")?.id).toBe("row");
    expect(zoneFor([zones[1]!], "JP")).toBeNull();
  });
});

describe("the discount split across lines", () => {
  it("shares in proportion, rounded down, the remainder on the last line", () => {
    expect(splitDiscount([2400, 800, 1500], 1000)).toEqual([510, 170, 320]);
    expect(splitDiscount([100, 100, 100], 100)).toEqual([33, 33, 34]);
    expect(splitDiscount([1000], 250)).toEqual([250]);
    expect(splitDiscount([500, 0], 100)).toEqual([100, 0]);
    expect(splitDiscount([], 100)).toEqual([]);
    expect(splitDiscount([100, 200], 0)).toEqual([0, 0]);
  });

  it("always adds up to the discount and never takes more off a line than it costs", () => {
    for (let seed = 1; seed < 500; seed += 1) {
      const subtotals = Array.from({ length: 1 + (seed % 5) }, (_, i) => ((seed * (i + 7) * 7919) % 5000) + (i % 2));
      const total = subtotals.reduce((a, b) => a + b, 0);
      const discount = total === 0 ? 0 : (seed * 104729) % (total + 1);
      const shares = splitDiscount(subtotals, discount);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
      shares.forEach((share, i) => {
        expect(Number.isInteger(share)).toBe(true);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(subtotals[i]!);
      });
    }
    expect(splitDiscount([5, 5, 1], 10)).toEqual([4, 5, 1]);
  });
});

describe("stock words and the provider's description", () => {
  it("says Sold out, how many are left, or In stock", () => {
    expect(shortageMessage(0)).toBe("Sold out");
    expect(shortageMessage(-3)).toBe("Sold out");
    expect(shortageMessage(2)).toBe("Only 2 left");
    expect(availabilityLabel(0, false)).toBe("Sold out");
    expect(availabilityLabel(3, false)).toBe("Only 3 left");
    expect(availabilityLabel(40, false)).toBe("In stock");
    expect(availabilityLabel(-5, true)).toBeNull();
  });

  it("tells a buyer who lost the last unit to a concurrent hold Sold out, whatever level the hold read", () => {
    const mug = [{ variantId: "v1", productName: "Mug" }];
    // The refused hold read the level from before the winning buyer's hold: 1 available, 1 asked.
    expect(describeShortages([{ variantId: "v1", requested: 1, available: 1 }], mug).message).toBe("Sold out");
    expect(describeShortages([{ variantId: "v1", requested: 5, available: 2 }], mug).message).toBe("Only 2 left");
    const two = [...mug, { variantId: "v2", productName: "Tee" }];
    expect(describeShortages([{ variantId: "v2", requested: 3, available: 0 }], two)).toEqual({
      message: "Tee: Sold out",
      shortages: [{ variantId: "v2", requested: 3, available: 0, line: 1 }],
    });
  });

  it("describes the lines for the payment provider", () => {
    expect(
      orderSummary([
        { productName: "Mug", variantTitle: "", quantity: 2 },
        { productName: "E-book", variantTitle: "", quantity: 1 },
      ]),
    ).toBe("Mug ×2, E-book");
    expect(orderSummary([{ productName: "Tee", variantTitle: "M / Blue", quantity: 1 }])).toBe("Tee (M / Blue)");
    expect(orderSummary([{ productName: "x".repeat(300), variantTitle: "", quantity: 1 }])).toHaveLength(127);
  });
});

describe("the shipping settings forms", () => {
  const zone = (fields: Record<string, string | string[]>) =>
    checked(parseWithZod(form({ intent: "save-zone", name: "Europe", ...fields }), { schema: shippingZoneSchema }));
  const rate = (fields: Record<string, string>) =>
    checked(
      parseWithZod(form({ intent: "save-rate", zoneId: "z", name: "Standard", ...fields }), {
        schema: shippingRateSchema,
      }),
    );

  it("takes countries from the list, or Rest of world, and refuses an empty zone", () => {
    const saved = zone({ countries: ["FR", "DE", "FR"] });
    expect(saved.status === "success" && toShippingZoneInput(saved.value).countries).toEqual(["DE", "FR"]);
    expect(zone({}).error?.countries).toEqual([SHIPPING_MESSAGES.countries]);
    expect(zone({ countries: "XX" }).error?.countries).toEqual([SHIPPING_MESSAGES.country]);
    const rest = zone({ restOfWorld: "on" });
    expect(rest.status === "success" && toShippingZoneInput(rest.value).countries).toEqual([REST_OF_WORLD]);
    expect(zone({ name: "", countries: "FR" }).error?.name).toEqual([SHIPPING_MESSAGES.zoneName]);
  });

  it("refuses negative prices, incomplete, unsorted or overlapping bands, and no band at all", () => {
    const ok = rate({ kind: "flat", price: "4.50", freeAbove: "50" });
    expect(ok.status === "success" && toShippingRateInput(ok.value)).toMatchObject({
      priceCents: 450,
      freeAboveCents: 5000,
      bands: [],
    });
    expect(rate({ kind: "flat", price: "-1" }).error?.price).toEqual([SHIPPING_MESSAGES.price]);
    expect(rate({ kind: "flat", price: "" }).error?.price).toEqual([SHIPPING_MESSAGES.price]);
    expect(rate({ kind: "flat", price: "1", freeAbove: "-5" }).error?.freeAbove).toEqual([SHIPPING_MESSAGES.price]);
    const bands = rate({
      kind: "weight",
      "bands[0].maxGrams": "500",
      "bands[0].price": "4",
      "bands[1].maxGrams": "2000",
      "bands[1].price": "9",
    });
    expect(bands.status === "success" && toShippingRateInput(bands.value).bands).toEqual([
      { maxGrams: 500, priceCents: 400 },
      { maxGrams: 2000, priceCents: 900 },
    ]);
    const unsorted = rate({
      kind: "weight",
      "bands[0].maxGrams": "2000",
      "bands[0].price": "9",
      "bands[1].maxGrams": "2000",
      "bands[1].price": "4",
    });
    expect(unsorted.error?.["bands[1].maxGrams"]).toEqual([SHIPPING_MESSAGES.bandsUnsorted]);
    expect(rate({ kind: "weight", "bands[0].maxGrams": "500" }).error?.["bands[0].maxGrams"]).toEqual([
      SHIPPING_MESSAGES.bandIncomplete,
    ]);
    expect(
      rate({ kind: "weight", "bands[0].maxGrams": "500", "bands[0].price": "-4" }).error?.["bands[0].price"],
    ).toEqual([SHIPPING_MESSAGES.price]);
    expect(rate({ kind: "weight" }).error?.bands).toEqual([SHIPPING_MESSAGES.bandsMissing]);
  });
});
