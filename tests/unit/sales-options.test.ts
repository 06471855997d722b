import { describe, expect, it } from "vitest";
import { SALES_METHODS } from "~/domains/sales-methods/content/sales-methods";
import {
  BUTTON_STYLES,
  CONTENT_TYPES,
  describeSetup,
  EVENT_PAYMENT_METHODS,
  EVENT_TYPES,
  INTEGRATION_METHODS,
  RETAIL_FEATURES,
  SETUP_FIELDS,
  SOCIAL_PLATFORMS,
  STORE_CATEGORIES,
  STORE_CURRENCIES,
  STORE_THEMES,
  WEBSITE_PLATFORMS,
  optionValues,
} from "~/domains/sales-methods/content/sales-options";
import { eventSalesSchema } from "~/domains/sales-methods/schemas/event-sales";
import { existingWebsiteSchema } from "~/domains/sales-methods/schemas/existing-website";
import { onlineStoreSchema } from "~/domains/sales-methods/schemas/online-store";
import { retailStoreSchema } from "~/domains/sales-methods/schemas/retail-store";
import { socialMediaSchema } from "~/domains/sales-methods/schemas/social-media";

describe("sales option lists", () => {
  it("hold the spec's values", () => {
    expect(optionValues(STORE_CATEGORIES)).toEqual([
      "fashion",
      "electronics",
      "books",
      "home",
      "health",
      "digital",
      "other",
    ]);
    expect(optionValues(STORE_CURRENCIES)).toEqual(["USD", "EUR", "GBP", "CZK"]);
    expect(optionValues(STORE_THEMES)).toEqual(["modern", "classic", "minimal", "bold"]);
    expect(optionValues(RETAIL_FEATURES)).toEqual(["pos", "inventory", "customer", "analytics", "loyalty", "staff"]);
    expect(EVENT_TYPES.map((t) => t.label)).toEqual([
      "Farmers Markets",
      "Craft Fairs",
      "Pop-up Markets",
      "Trade Shows",
      "Festivals",
      "Flea Markets",
      "Art Shows",
      "Food Festivals",
    ]);
    expect(EVENT_PAYMENT_METHODS.map((t) => t.label).slice(0, 3)).toEqual(["Cash", "Card Reader", "Mobile Payments"]);
    expect(EVENT_PAYMENT_METHODS).toHaveLength(6);
    expect(optionValues(WEBSITE_PLATFORMS)).toEqual(["wordpress", "wix", "squarespace", "shopify", "custom", "other"]);
    expect(optionValues(INTEGRATION_METHODS)).toEqual(["button", "widget", "cart"]);
    expect(optionValues(BUTTON_STYLES)).toEqual(["primary", "secondary", "success", "custom"]);
    expect(optionValues(SOCIAL_PLATFORMS)).toEqual([
      "facebook",
      "instagram",
      "tiktok",
      "twitter",
      "youtube",
      "pinterest",
      "linkedin",
      "snapchat",
    ]);
    expect(CONTENT_TYPES.map((t) => t.label)).toEqual([
      "Product Photos",
      "Video Demonstrations",
      "Customer Reviews",
      "Behind the Scenes",
      "Tutorials",
      "Live Streams",
      "Stories",
      "User Generated Content",
    ]);
  });

  it("describe every field of every form's schema", () => {
    const schemas = {
      online_store: onlineStoreSchema,
      retail_store: retailStoreSchema,
      events: eventSalesSchema,
      existing_website: existingWebsiteSchema,
      social_media: socialMediaSchema,
    };
    for (const method of SALES_METHODS)
      expect(SETUP_FIELDS[method.key].map((f) => f.name)).toEqual(Object.keys(schemas[method.key].shape));
  });
});

describe("describeSetup", () => {
  it("turns a saved setup into labelled, human-readable values, leaving out empty fields", () => {
    expect(
      describeSetup("events", {
        businessName: "Stall",
        eventTypes: ["craft_fairs", "food_festivals"],
        paymentMethods: ["cash"],
        description: "",
      }),
    ).toEqual([
      { label: "Business name", value: "Stall" },
      { label: "Event types", value: "Craft Fairs, Food Festivals" },
      { label: "Payment methods", value: "Cash" },
    ]);
    expect(
      describeSetup("online_store", { storeName: "Shop", category: "home", currency: "CZK", theme: "bold" }),
    ).toContainEqual({
      label: "Currency",
      value: "CZK – Czech koruna",
    });
  });

  it("ignores values of the wrong type and shows unknown values as they are", () => {
    expect(
      describeSetup("social_media", { businessName: 42, platforms: ["mastodon"], targetAudience: { x: 1 } }),
    ).toEqual([{ label: "Platforms", value: "mastodon" }]);
  });
});
