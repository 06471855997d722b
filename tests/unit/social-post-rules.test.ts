import { describe, expect, it } from "vitest";
import { addDays, calendarDays, weekStart } from "~/domains/social/calendar-days";
import {
  countGraphemes,
  countPostText,
  countXWeighted,
  PLATFORM_RULES,
  publicUrlProblem,
  textLimitProblem,
} from "~/domains/social/post-rules";
import { platformFigures, type SocialPost } from "~/domains/social/social-post";
import { isLinkPreview, trackingCodeOf, trackingQuery, trackingTargetPath } from "~/domains/social/tracking-link";
import { attributionOf } from "~/domains/analytics/content/attribution";
import { quickActionsFor } from "~/domains/workspace/content/quick-actions";
import { storePageKey } from "../../server/store-page-cache";
import {
  createUnknownCodeLimit,
  MAX_MISSES_PER_ADDRESS_PER_MINUTE,
} from "~/domains/social/server/unknown-code-limit.server";

describe("X's weighted counting", () => {
  it("counts plain Latin text one per character", () => {
    expect(countXWeighted("Hello world")).toBe(11);
  });

  it("counts every link as 23 however long it is, with or without a scheme", () => {
    expect(countXWeighted("https://example.com/a/very/long/path?with=query&and=more")).toBe(23);
    expect(countXWeighted("see example.com now")).toBe(4 + 23 + 4);
    expect(countXWeighted("a http://x.io b https://sellkit.example.org/t/abc")).toBe(2 + 23 + 3 + 23);
  });

  it("counts an emoji as 2, also a skin-toned, joined or flag emoji", () => {
    expect(countXWeighted("👍")).toBe(2);
    expect(countXWeighted("👍🏽")).toBe(2);
    expect(countXWeighted("👩‍👩‍👧")).toBe(2);
    expect(countXWeighted("🇨🇿")).toBe(2);
    expect(countXWeighted("hi 🎉")).toBe(5);
  });

  it("counts CJK characters as 2 and accented Latin as 1 once normalised", () => {
    expect(countXWeighted("日本語")).toBe(6);
    expect(countXWeighted("e\u0301")).toBe(1);
    expect(countXWeighted("café")).toBe(4);
  });

  it("refuses 281 and accepts 280, naming the rule", () => {
    expect(textLimitProblem("twitter", "a".repeat(280))).toBeNull();
    expect(textLimitProblem("twitter", "a".repeat(281))).toBe(
      "This text is 1 over X (Twitter)'s limit of 280 characters (X counts each link as 23 and each emoji as 2).",
    );
    // 140 emoji weigh 280: exactly the limit.
    expect(textLimitProblem("twitter", "😀".repeat(140))).toBeNull();
    expect(textLimitProblem("twitter", "😀".repeat(141))).toContain("2 over");
  });
});

describe("other networks count graphemes", () => {
  it("counts what people see as one character", () => {
    expect(countGraphemes("👩‍👩‍👧 e\u0301")).toBe(3);
    expect(countPostText("instagram", "https://example.com/long")).toBe(24);
  });

  it("refuses text past each documented limit", () => {
    for (const [platform, rules] of Object.entries(PLATFORM_RULES)) {
      if (rules.counting !== "graphemes") continue;
      expect(textLimitProblem(platform as "instagram", "x".repeat(rules.limit))).toBeNull();
      expect(textLimitProblem(platform as "instagram", "x".repeat(rules.limit + 1))).toContain(`over ${rules.label}`);
    }
    expect(PLATFORM_RULES.instagram.limit).toBe(2200);
    expect(PLATFORM_RULES.tiktok.limit).toBe(4000);
  });
});

describe("public post addresses", () => {
  it("accepts an https address and refuses others with a clear message", () => {
    expect(publicUrlProblem("https://www.tiktok.com/@ada/video/1")).toBeNull();
    expect(publicUrlProblem("http://www.tiktok.com/@ada/video/1")).toBe(
      "Please enter a secure address starting with https://.",
    );
    expect(publicUrlProblem("javascript:alert(1)")).toBe("Please enter a secure address starting with https://.");
    expect(publicUrlProblem("not a url")).toBe("Please enter the post's full address, starting with https://.");
    expect(publicUrlProblem("https://user:pw@example.com/")).toContain("cannot be used");
    expect(publicUrlProblem("https://localhost/")).toContain("cannot be used");
  });
});

describe("tracking links", () => {
  it("reads only well-formed codes from a path", () => {
    expect(trackingCodeOf("/t/abcd1234")).toBe("abcd1234");
    expect(trackingCodeOf("/t/ABCD1234")).toBeNull();
    expect(trackingCodeOf("/t/abc")).toBeNull();
    expect(trackingCodeOf("/t/abcd1234/x")).toBeNull();
  });

  it("carries the network as source and the post as ref and campaign, as the attribution reads them", () => {
    const query = trackingQuery("tiktok", "abcd1234");
    expect(attributionOf(`?${query}`, undefined, "sellkit.test")).toEqual({
      source: "tiktok",
      utmSource: "tiktok",
      utmMedium: "social",
      utmCampaign: "abcd1234",
      ref: "post:abcd1234",
    });
  });

  it("knows link-preview fetchers", () => {
    for (const agent of [
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Twitterbot/1.0",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
      "WhatsApp/2.23.20.0 A",
      "TelegramBot (like TwitterBot)",
      "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
    ])
      expect(isLinkPreview(agent)).toBe(true);
    expect(
      isLinkPreview(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Safari/537.36",
      ),
    ).toBe(false);
  });
});

describe("calendar days", () => {
  it("starts weeks on Monday and covers a month in whole weeks", () => {
    expect(weekStart("2026-11-27")).toBe("2026-11-23");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    const month = calendarDays("month", "2026-11-15");
    expect(month[0]).toBe("2026-10-26");
    expect(month.length % 7).toBe(0);
    expect(month.at(-1)).toBe("2026-12-06");
  });
});

describe("per-platform figures", () => {
  it("are the sums of the posts' figures", () => {
    const post = (platform: "tiktok" | "twitter", clicks: number, revenueCents: number) =>
      ({ platform, clicks, views: 1, orders: 1, units: 2, revenueCents }) as SocialPost;
    expect(platformFigures([post("tiktok", 3, 100), post("twitter", 1, 50), post("tiktok", 2, 200)])).toEqual([
      { platform: "tiktok", posts: 2, clicks: 5, views: 2, orders: 2, units: 4, revenueCents: 300 },
      { platform: "twitter", posts: 1, clicks: 1, views: 1, orders: 1, units: 2, revenueCents: 50 },
    ]);
  });
});

describe("counting speed", () => {
  it("counts a Facebook-length text fast enough to run on every keystroke", () => {
    const text = `${"word ".repeat(12_000)}é 👍`;
    const started = performance.now();
    expect(countPostText("facebook", text)).toBe(60_003);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("the dashboard's quick action", () => {
  it("'Connect social accounts' opens the Social Media Manager", () => {
    expect(quickActionsFor(["social_media"]).find((action) => action.title === "Connect social accounts")?.to).toBe(
      "/tools/social",
    );
  });
});

describe("the store-page cache", () => {
  it("renders a page reached through a tracking link per request, so its Buy links carry the attribution", () => {
    expect(storePageKey("/s/ada/guide", new URLSearchParams(trackingQuery("tiktok", "abcd1234")))).toBeNull();
    expect(storePageKey("/s/ada/guide", new URLSearchParams("utm_campaign=spring"))).toBeNull();
    expect(storePageKey("/s/ada/guide", new URLSearchParams("ref=x"))).toBe("/s/ada/guide");
  });

  it("renders the bio page reached through a tracking link per request, so its block links carry the post", () => {
    expect(storePageKey("/s/ada/links", new URLSearchParams(trackingQuery("tiktok", "abcd1234")))).toBeNull();
    expect(storePageKey("/s/ada/links", new URLSearchParams())).toBe("/s/ada/links");
  });
});

describe("a tracking link's target", () => {
  const shop = { handle: "ada", productSlug: "guide", hasBioPage: true };

  it("opens the chosen product, store or bio page", () => {
    expect(trackingTargetPath("product", shop)).toBe("/s/ada/guide");
    expect(trackingTargetPath("store", shop)).toBe("/s/ada");
    expect(trackingTargetPath("bio", shop)).toBe("/s/ada/links");
  });

  it("falls back to the store without a published product or a bio page", () => {
    expect(trackingTargetPath("product", { ...shop, productSlug: null })).toBe("/s/ada");
    expect(trackingTargetPath("bio", { ...shop, hasBioPage: false })).toBe("/s/ada");
  });
});

describe("the unknown-code limit", () => {
  it("slows down an address (an IPv6 /64 as one) that asks for many unknown codes in a minute", () => {
    const limit = createUnknownCodeLimit();
    const t = Date.parse("2026-11-27T10:00:00Z");
    for (let i = 0; i < MAX_MISSES_PER_ADDRESS_PER_MINUTE; i++)
      expect(limit.refuseMiss(t, `2001:db8:0:7::${(i + 1).toString(16)}`)).toBeNull();
    expect(limit.refuseMiss(t + 15_000, "2001:db8:0:7:ffff::1")).toBe(45);
    expect(limit.refuseMiss(t + 15_000, "2001:db8:0:8::1")).toBeNull();
    expect(limit.refuseMiss(t + 60_000, "2001:db8:0:7::1")).toBeNull();
  });
});
