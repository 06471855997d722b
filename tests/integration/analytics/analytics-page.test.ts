import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncOrderSale } from "~/domains/analytics/server/sync-order-sale.server";
import { insertOrder } from "../../support/order-rows";
import { postForm, toastOf } from "../../support/form-post";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// Over HTTP: /analytics is for signed-in creators (others are sent to sign in, the range remembered); a range
// that cannot be read is answered 400 with its reason (never replaced by another range); a creator sees only their own
// sales; the time zone setting is checked with Intl on the server, saved, and used by the page.

let mail: MailCatcher;
let server: TestServer;
let ada: SignedInCreator;
let bob: SignedInCreator;

async function page(path: string, creator: SignedInCreator | null) {
  const response = await server.request(path, {
    headers: { cookie: creator?.jar.header() ?? "", "x-forwarded-for": creator?.ip ?? "198.18.251.1" },
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: (await response.text()).replaceAll("<!-- -->", ""),
  };
}

const figureOf = (html: string, id: string) => new RegExp(`data-figure="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" });
  ada = await createSignedInCreator(server, { email: "ada-analytics@example.com" });
  bob = await createSignedInCreator(server, { email: "bob-analytics@example.com" });
  // Two paid orders of Ada's, today: $12.50 and $9.00.
  for (const amount of [1250, 900]) {
    const id = randomUUID();
    await server.db.transaction(async (tx) => {
      await insertOrder(tx, {
        id,
        userId: ada.id,
        productName: "Guide",
        status: "paid",
        amountCents: amount,
        paidAt: new Date(),
      });
      await syncOrderSale(tx, id);
    });
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("/analytics", () => {
  it("sends signed-out visitors to sign in, remembering the range", async () => {
    const response = await page("/analytics?range=90d", null);
    expect(response.status).toBe(302);
    expect(response.location).toBe("/auth?from=%2Fanalytics%3Frange%3D90d");
  });

  it("shows a creator their own sales only", async () => {
    const mine = await page("/analytics?range=7d", ada);
    expect(mine.status).toBe(200);
    expect(figureOf(mine.html, "orders")).toBe("2");
    expect(figureOf(mine.html, "revenue")).toBe("$21.50");
    const theirs = await page("/analytics?range=7d", bob);
    expect(figureOf(theirs.html, "orders")).toBe("0");
    expect(figureOf(theirs.html, "revenue")).toBe("$0.00");
  });

  it("answers a range it cannot read with its reason, keeping the dates typed", async () => {
    for (const [query, message] of [
      ["from=2026-02-10&to=2026-02-01", "The end date must be on or after the start date."],
      ["from=2026-02-30&to=2026-03-01", "Please enter dates as YYYY-MM-DD, like 2026-11-01."],
      ["from=2020-01-01&to=2026-01-01", "A custom range can be at most 2 years (731 days) long."],
      ["range=forever", "Please choose one of the ranges: last 7, 30 or 90 days, last 12 months, or your own dates."],
    ] as const) {
      const response = await page(`/analytics?${query}`, ada);
      expect(response.status, query).toBe(400);
      expect(response.html, query).toContain(message);
      expect(response.html, query).not.toContain('data-figure="orders"');
    }
    const typed = await page("/analytics?from=2026-02-10&to=2026-02-01", ada);
    expect(typed.html).toContain('value="2026-02-10"');
  });
});

describe("the time zone setting", () => {
  const post = (fields: Record<string, string>) =>
    postForm(server, "/settings", { intent: "time-zone", ...fields }, { jar: ada.jar, ip: ada.ip, multipart: true });
  const saved = async () =>
    (
      await server.db.execute<{ time_zone: string | null }>(
        sql`select time_zone from profiles where user_id = ${ada.id}`,
      )
    ).rows[0]?.time_zone;

  it("refuses a name Intl does not know, on the server", async () => {
    for (const timeZone of ["Mars/Olympus_Mons", "Europe/Berlin; drop table orders", "../../etc/passwd"]) {
      const response = await post({ timeZone });
      expect(response.status, timeZone).toBe(400);
      expect(await response.text(), timeZone).toContain("Please choose a time zone from the list.");
    }
    expect(await saved()).toBeNull();
  });

  it("saves a zone, which the analytics page then counts days in; empty goes back to the browser's", async () => {
    const response = await post({ timeZone: "Asia/Kolkata" });
    expect(response.status).toBe(302);
    expect(toastOf(response)?.title).toBe("Time zone saved");
    expect(await saved()).toBe("Asia/Kolkata");
    expect((await page("/analytics", ada)).html).toContain("by calendar day in your time zone, Asia/Kolkata");
    const settings = await page("/settings", ada);
    expect(settings.html).toMatch(/<option value="Asia\/Kolkata" selected="">/);

    await post({ timeZone: "" });
    expect(await saved()).toBeNull();
    const withCookie = await server.request("/analytics", {
      headers: { cookie: `${ada.jar.header()}; sellkit.tz=America%2FNew_York`, "x-forwarded-for": ada.ip },
    });
    expect((await withCookie.text()).replaceAll("<!-- -->", "")).toContain(
      "by calendar day in your time zone, America/New_York",
    );
  });
});
