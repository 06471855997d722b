import { describe, expect, it } from "vitest";
import { bucketOf, isBot, utcDay, viewedPage, viewSource } from "~/domains/analytics/content/view-rules";
import { visitorHash } from "~/domains/analytics/server/visitor-hash.server";

// What a view is (pages, bots), where it came from (referrer host, utm_*), and the visitor's hash
// with a salt of the day (the salts themselves: tests/integration/analytics/view-counting.test.ts).

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe("viewedPage", () => {
  it("names the storefront, the sales page and both buy pages", () => {
    expect(viewedPage("/s/ada")).toEqual({ kind: "storefront", handle: "ada" });
    expect(viewedPage("/s/ada/field-guide")).toEqual({ kind: "sales", handle: "ada", slug: "field-guide" });
    expect(viewedPage("/s/ada/field-guide/buy")).toEqual({ kind: "buy", handle: "ada", slug: "field-guide" });
    expect(viewedPage("/buy/0C2B6F1E-8A4D-4E8B-9C1A-3D5E7F9A1B2C")).toEqual({
      kind: "buy",
      buyPageId: "0c2b6f1e-8a4d-4e8b-9c1a-3d5e7f9a1b2c",
    });
  });

  it("ignores everything else: data requests, covers, other pages", () => {
    for (const path of [
      "/s/ada.data",
      "/s/ada/field-guide.data",
      "/s/ada/guide/buy/x",
      "/s",
      "/buy/not-an-id",
      "/covers/1",
      "/dashboard",
      "/",
    ]) {
      expect(viewedPage(path), path).toBeNull();
    }
  });
});

describe("isBot", () => {
  it("lets browsers through", () => {
    for (const agent of [CHROME, SAFARI_IPHONE, FIREFOX]) expect(isBot(agent), agent).toBe(false);
  });

  it("filters crawlers, preview fetchers, headless browsers, HTTP libraries and a missing agent", () => {
    for (const agent of [
      undefined,
      "",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "Mozilla/5.0 (compatible; YandexBot/3.0)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Twitterbot/1.0",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "WhatsApp/2.23.20.0",
      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome-Lighthouse",
      "curl/8.5.0",
      "Wget/1.21.4",
      "python-requests/2.32.3",
      "Go-http-client/1.1",
      "node",
      "axios/1.7.9",
      "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
      "Mozilla/5.0 (compatible; archive.org_bot +http://archive.org/details/archive.org_bot)",
      "UptimeRobot/2.0",
    ]) {
      expect(isBot(agent), String(agent)).toBe(true);
    }
  });
});

describe("viewSource", () => {
  it("is the referrer's host without www, or direct", () => {
    expect(viewSource("https://www.google.com/search?q=x", "", "sellkit.test").source).toBe("google.com");
    expect(viewSource("https://t.co/abc", "", "sellkit.test").source).toBe("t.co");
    expect(viewSource("https://News.YCombinator.com/item?id=1", "", "sellkit.test").source).toBe(
      "news.ycombinator.com",
    );
    expect(viewSource(undefined, "", "sellkit.test").source).toBe("direct");
    expect(viewSource("not a url", "", "sellkit.test").source).toBe("direct");
    expect(viewSource("android-app://com.slack/", "", "sellkit.test").source).toBe("direct");
  });

  it("names a view of the checkout embedded on a seller's website after that website", () => {
    const embedded = "?embed=1&host=https%3A%2F%2Fwww.shop-a.example";
    expect(viewSource("https://www.shop-a.example/", embedded, "sellkit.test").source).toBe("embed:shop-a.example");
    expect(viewSource(undefined, embedded, "sellkit.test").source).toBe("embed:shop-a.example");
    // Not in embed mode, or an unreadable host: the referrer as usual.
    expect(viewSource("https://t.co/abc", "?host=https%3A%2F%2Fshop-a.example", "sellkit.test").source).toBe("t.co");
    expect(viewSource("https://t.co/abc", "?embed=1&host=javascript%3Aalert(1)", "sellkit.test").source).toBe("t.co");
  });

  it("counts a visitor moving between this site's pages as direct", () => {
    expect(viewSource("https://sellkit.test/s/ada", "", "sellkit.test").source).toBe("direct");
  });

  it("reads utm_source, utm_medium and utm_campaign, lower-cased and cut", () => {
    expect(
      viewSource(undefined, "?utm_source=Newsletter&utm_medium=email&utm_campaign=Spring%20Sale&x=1", "sellkit.test"),
    ).toEqual({
      source: "direct",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring sale",
    });
    expect(viewSource(undefined, "", "sellkit.test")).toEqual({
      source: "direct",
      utmSource: "",
      utmMedium: "",
      utmCampaign: "",
    });
    expect(viewSource(undefined, `?utm_campaign=${"a".repeat(500)}`, "sellkit.test").utmCampaign).toHaveLength(100);
  });
});

describe("buckets and days", () => {
  it("puts a time in its 15-minute bucket and its UTC day", () => {
    const time = Date.parse("2026-03-29T01:59:59.999Z");
    expect(new Date(bucketOf(time)).toISOString()).toBe("2026-03-29T01:45:00.000Z");
    expect(utcDay(time)).toBe("2026-03-29");
    expect(utcDay(Date.parse("2026-03-28T23:59:59.999Z"))).toBe("2026-03-28");
  });
});

describe("visitorHash", () => {
  const salt = Buffer.alloc(32, 1);
  it("is the same for the same visitor, seller and salt, and different if any of them changes", () => {
    const a = visitorHash(salt, "seller-1", "203.0.113.7", CHROME);
    expect(visitorHash(salt, "seller-1", "203.0.113.7", CHROME)).toEqual(a);
    expect(visitorHash(salt, "seller-2", "203.0.113.7", CHROME)).not.toEqual(a);
    expect(visitorHash(salt, "seller-1", "203.0.113.8", CHROME)).not.toEqual(a);
    expect(visitorHash(salt, "seller-1", "203.0.113.7", FIREFOX)).not.toEqual(a);
    expect(visitorHash(Buffer.alloc(32, 2), "seller-1", "203.0.113.7", CHROME)).not.toEqual(a);
    expect(a.toString("hex")).not.toContain(Buffer.from("203.0.113.7").toString("hex"));
  });

  it("cannot be shifted between its parts (separators)", () => {
    expect(visitorHash(salt, "s", "1.2.3.4", `x${CHROME}`)).not.toEqual(visitorHash(salt, "s", "1.2.3.4x", CHROME));
  });
});
