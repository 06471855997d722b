import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { eventSalesSchema } from "~/domains/sales-methods/schemas/event-sales";
import { EXISTING_WEBSITE_DEFAULTS, existingWebsiteSchema } from "~/domains/sales-methods/schemas/existing-website";
import { ONLINE_STORE_DEFAULTS, onlineStoreSchema } from "~/domains/sales-methods/schemas/online-store";
import { retailStoreSchema } from "~/domains/sales-methods/schemas/retail-store";
import { socialMediaSchema } from "~/domains/sales-methods/schemas/social-media";

type Entries = Record<string, string | string[]>;

/** Parses like the browser and the action do: form data through Conform (empty fields are absent). */
function submit(schema: z.ZodType<Record<string, unknown>>, entries: Entries) {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const v of [value].flat()) form.append(name, v);
  const submission = parseWithZod(form, { schema });
  if (submission.status === "success") return { value: submission.value as Record<string, unknown> };
  const errors: Record<string, string> = {};
  for (const [name, list] of Object.entries(submission.error ?? {})) if (list?.[0]) errors[name] = list[0];
  return { errors };
}

const long = (n: number) => "x".repeat(n);

describe("online store", () => {
  const valid = { storeName: "Ada's Atelier", storeDescription: "Templates", category: "digital" };

  it("accepts a valid store and applies the spec's defaults (USD, modern)", () => {
    expect(submit(onlineStoreSchema, valid)).toEqual({ value: { ...valid, currency: "USD", theme: "modern" } });
    expect(ONLINE_STORE_DEFAULTS).toEqual({ currency: "USD", theme: "modern" });
  });

  it("keeps the chosen currency and theme, trims names, drops an empty description", () => {
    expect(
      submit(onlineStoreSchema, {
        storeName: "  Shop  ",
        storeDescription: "",
        category: "books",
        currency: "CZK",
        theme: "bold",
      }),
    ).toEqual({
      value: { storeName: "Shop", category: "books", currency: "CZK", theme: "bold" },
    });
  });

  it("explains each invalid field", () => {
    expect(submit(onlineStoreSchema, {})).toEqual({
      errors: { storeName: "Please enter your store name", category: "Please choose a category" },
    });
    expect(submit(onlineStoreSchema, { ...valid, storeName: "A" }).errors).toEqual({
      storeName: "Store name must be at least 2 characters",
    });
    expect(submit(onlineStoreSchema, { ...valid, storeName: long(81) }).errors).toEqual({
      storeName: "Store name must be at most 80 characters",
    });
    expect(submit(onlineStoreSchema, { ...valid, storeName: "Line\nbreak" }).errors).toEqual({
      storeName: "Store name must be on one line",
    });
    expect(submit(onlineStoreSchema, { ...valid, storeDescription: long(1001) }).errors).toEqual({
      storeDescription: "Store description must be at most 1000 characters",
    });
    expect(submit(onlineStoreSchema, { ...valid, category: "weapons" }).errors).toEqual({
      category: "Please choose a category",
    });
    expect(submit(onlineStoreSchema, { ...valid, currency: "BTC" }).errors).toEqual({
      currency: "Please choose a currency",
    });
    expect(submit(onlineStoreSchema, { ...valid, theme: "neon" }).errors).toEqual({ theme: "Please choose a theme" });
  });
});

describe("retail store", () => {
  const valid = { storeName: "Corner Shop", address: "1 Main Street, Springfield" };

  it("accepts a store with no, one or several features", () => {
    expect(submit(retailStoreSchema, valid)).toEqual({ value: { ...valid, features: [] } });
    expect(submit(retailStoreSchema, { ...valid, features: "pos" }).value?.features).toEqual(["pos"]);
    expect(
      submit(retailStoreSchema, { ...valid, description: "Books", features: ["pos", "inventory", "staff"] }).value,
    ).toMatchObject({
      description: "Books",
      features: ["pos", "inventory", "staff"],
    });
  });

  it("requires the address and explains each invalid field", () => {
    expect(submit(retailStoreSchema, { storeName: "Corner Shop" }).errors).toEqual({
      address: "Please enter the store address",
    });
    expect(submit(retailStoreSchema, { ...valid, address: "   " }).errors).toEqual({
      address: "Please enter the store address",
    });
    expect(submit(retailStoreSchema, { ...valid, address: "abc" }).errors).toEqual({
      address: "Please enter the full store address",
    });
    expect(submit(retailStoreSchema, { ...valid, address: long(301) }).errors).toEqual({
      address: "Address must be at most 300 characters",
    });
    expect(submit(retailStoreSchema, { ...valid, storeName: "" }).errors).toEqual({
      storeName: "Please enter your store name",
    });
    expect(submit(retailStoreSchema, { ...valid, features: ["pos", "drones"] }).errors).toEqual({
      "features[1]": "Please choose features from the list",
    });
  });
});

describe("event sales", () => {
  const valid = {
    businessName: "Market Stall",
    eventTypes: ["farmers_markets", "craft_fairs"],
    paymentMethods: "cash",
  };

  it("accepts a valid setup", () => {
    expect(submit(eventSalesSchema, { ...valid, setupRequirements: "Power" }).value).toEqual({
      businessName: "Market Stall",
      eventTypes: ["farmers_markets", "craft_fairs"],
      paymentMethods: ["cash"],
      setupRequirements: "Power",
    });
  });

  it("needs at least one event type and one payment method", () => {
    expect(submit(eventSalesSchema, { businessName: "Market Stall" }).errors).toEqual({
      eventTypes: "Please select at least one event type",
      paymentMethods: "Please select at least one payment method",
    });
    expect(submit(eventSalesSchema, { ...valid, businessName: "M" }).errors).toEqual({
      businessName: "Business name must be at least 2 characters",
    });
    expect(submit(eventSalesSchema, { ...valid, setupRequirements: long(1001) }).errors).toEqual({
      setupRequirements: "Setup requirements must be at most 1000 characters",
    });
    expect(submit(eventSalesSchema, { ...valid, paymentMethods: "gold" }).errors).toEqual({
      "paymentMethods[0]": "Please choose payment methods from the list",
    });
  });
});

describe("buy button on an existing website", () => {
  const valid = { websiteUrl: "https://example.com/shop", platform: "wordpress", buttonText: "Buy Now" };

  it("accepts a valid setup and applies the spec's defaults (button, primary)", () => {
    expect(submit(existingWebsiteSchema, valid)).toEqual({
      value: { ...valid, integrationMethod: "button", buttonStyle: "primary" },
    });
    expect(EXISTING_WEBSITE_DEFAULTS).toEqual({
      integrationMethod: "button",
      buttonText: "Buy Now",
      buttonStyle: "primary",
    });
    expect(
      submit(existingWebsiteSchema, {
        ...valid,
        websiteUrl: "http://localhost:8080",
        integrationMethod: "cart",
        buttonStyle: "custom",
      }).value,
    ).toMatchObject({ integrationMethod: "cart", buttonStyle: "custom" });
  });

  it("needs a valid http(s) website URL", () => {
    expect(submit(existingWebsiteSchema, { ...valid, websiteUrl: "" }).errors).toEqual({
      websiteUrl: "Please enter your website address",
    });
    for (const url of [
      "example.com",
      "ftp://example.com",
      "javascript:alert(1)",
      "https://",
      "http://nodot",
      `https://example.com/${long(2048)}`,
    ]) {
      expect(submit(existingWebsiteSchema, { ...valid, websiteUrl: url }).errors, url).toEqual({
        websiteUrl: "Please enter a valid website URL starting with http:// or https://",
      });
    }
  });

  it("explains each other invalid field", () => {
    expect(submit(existingWebsiteSchema, { ...valid, platform: "" }).errors).toEqual({
      platform: "Please choose your website platform",
    });
    expect(submit(existingWebsiteSchema, { ...valid, buttonText: "" }).errors).toEqual({
      buttonText: "Please enter the button text",
    });
    expect(submit(existingWebsiteSchema, { ...valid, buttonText: long(41) }).errors).toEqual({
      buttonText: "Button text must be at most 40 characters",
    });
    expect(submit(existingWebsiteSchema, { ...valid, buttonText: "Buy\u0000" }).errors).toEqual({
      buttonText: "Button text must be on one line",
    });
    expect(submit(existingWebsiteSchema, { ...valid, integrationMethod: "iframe" }).errors).toEqual({
      integrationMethod: "Please choose how to add the button",
    });
    expect(submit(existingWebsiteSchema, { ...valid, buttonStyle: "rainbow" }).errors).toEqual({
      buttonStyle: "Please choose a button style",
    });
  });
});

describe("social media", () => {
  const valid = { businessName: "Insta Shop", platforms: ["instagram", "tiktok"] };

  it("accepts a valid setup", () => {
    expect(submit(socialMediaSchema, { ...valid, contentTypes: "stories", targetAudience: "Teens" }).value).toEqual({
      ...valid,
      contentTypes: ["stories"],
      targetAudience: "Teens",
    });
    expect(submit(socialMediaSchema, valid).value).toEqual({ ...valid, contentTypes: [] });
  });

  it("needs at least one platform and explains each invalid field", () => {
    expect(submit(socialMediaSchema, { businessName: "Insta Shop" }).errors).toEqual({
      platforms: "Please select at least one platform",
    });
    expect(submit(socialMediaSchema, { ...valid, targetAudience: long(501) }).errors).toEqual({
      targetAudience: "Target audience must be at most 500 characters",
    });
    expect(submit(socialMediaSchema, { ...valid, contentTypes: "memes" }).errors).toEqual({
      "contentTypes[0]": "Please choose content types from the list",
    });
    expect(submit(socialMediaSchema, { ...valid, businessName: long(81) }).errors).toEqual({
      businessName: "Business name must be at most 80 characters",
    });
  });
});
