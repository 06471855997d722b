import { describe, expect, it } from "vitest";
import { orderOriginLabel } from "~/domains/orders/order-display";

const online = { channel: "online" as const, utmSource: "", utmCampaign: "" };

describe("orderOriginLabel", () => {
  it("names the point of sale, an embedding site, the bio page, a referrer and a direct visit", () => {
    expect(orderOriginLabel({ ...online, channel: "pos", source: "direct" })).toBe("Point of sale");
    expect(orderOriginLabel({ ...online, source: "embed:shop.example.org" })).toBe(
      "shop.example.org (embedded checkout)",
    );
    expect(orderOriginLabel({ ...online, source: "bio" })).toBe("Link in bio");
    expect(orderOriginLabel({ ...online, source: "instagram.com" })).toBe("instagram.com");
    expect(orderOriginLabel({ ...online, source: "direct" })).toBe("Direct or unknown");
  });

  it("adds the utm source and campaign when present", () => {
    expect(orderOriginLabel({ ...online, source: "tiktok", utmSource: "tiktok", utmCampaign: "p8x2" })).toBe(
      "tiktok (tiktok / p8x2)",
    );
  });
});
