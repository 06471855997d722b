import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncOrderSale } from "~/domains/analytics/server/sync-order-sale.server";
import { requirePlanFeature } from "~/domains/billing/server/require-plan-feature.server";
import { salesMethods } from "~/domains/sales-methods/tables.server";
import type { PlanId } from "~/lib/plans";
import { postForm } from "../../support/form-post";
import { insertOrder } from "../../support/order-rows";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// Over HTTP, the plan gates: on Starter the analytics page sends no source rows and shows the lock, and the buy
// button's own-CSS style is refused with the coded 403 (nothing saved); on a paid plan both work. The guard reads
// the plan in force: a lapsed or cancelled subscription is Starter again.

let server: TestServer;

/** A subscription row as the billing provider's events leave it. */
async function subscribe(userId: string, plan: PlanId, status = "active") {
  await server.db.execute(sql`
    insert into billing_subscriptions (user_id, provider, customer_id, subscription_id, plan, status, snapshot_at)
    values (${userId}, 'test', ${`cus_${userId}`}, ${`sub_${userId}`}, ${plan}, ${status}, now())
    on conflict (user_id) do update set plan = excluded.plan, status = excluded.status`);
}

async function page(creator: SignedInCreator, path: string) {
  const response = await server.request(path, {
    headers: { cookie: creator.jar.header(), "x-forwarded-for": creator.ip },
  });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** A creator with one paid order today that came from a tagged link, so "By source" has a row to show. */
async function creatorWithTaggedSale(label: string): Promise<SignedInCreator> {
  const creator = await createSignedInCreator(server, { businessTypes: ["online_store", "existing_website"] });
  const id = randomUUID();
  await server.db.transaction(async (tx) => {
    await insertOrder(tx, {
      id,
      userId: creator.id,
      status: "paid",
      amountCents: 1200,
      paidAt: new Date(),
      utmSource: "newsletter",
      utmCampaign: `campaign-${label}`,
    });
    await syncOrderSale(tx, id);
  });
  return creator;
}

const CUSTOM_BUTTON = {
  intent: "save",
  websiteUrl: "https://ada.example/shop",
  platform: "custom",
  integrationMethod: "button",
  buttonText: "Buy it",
  buttonStyle: "custom",
};

async function savedStyle(userId: string) {
  const [row] = await server.db
    .select({ settings: salesMethods.settings })
    .from(salesMethods)
    .where(and(eq(salesMethods.userId, userId), eq(salesMethods.method, "existing_website")));
  return row?.settings.buttonStyle;
}

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("the plan guard", () => {
  it("refuses a feature outside the plan in force, and lets a trialing, active or past-due plan use it", async () => {
    const creator = await createSignedInCreator(server);
    expect(await requirePlanFeature(server.db, creator.id, "detailed_analytics")).toEqual({
      ok: false,
      code: "PLAN_FEATURE_NOT_INCLUDED",
      message: "Your plan does not include detailed analytics. Upgrade to Pro to use it.",
      feature: "detailed_analytics",
      upgradeTo: "pro",
      upgradeUrl: "/settings/billing?upgrade=pro",
    });
    for (const status of ["trialing", "active", "past_due"]) {
      await subscribe(creator.id, "pro", status);
      expect((await requirePlanFeature(server.db, creator.id, "detailed_analytics")).ok, status).toBe(true);
      expect((await requirePlanFeature(server.db, creator.id, "api_access")).ok, status).toBe(false);
    }
    for (const status of ["lapsed", "canceled"]) {
      await subscribe(creator.id, "business", status);
      expect((await requirePlanFeature(server.db, creator.id, "detailed_analytics")).ok, status).toBe(false);
    }
  });
});

describe("detailed analytics", () => {
  it("on Starter: the page shows the lock and its data carries no source row", async () => {
    const creator = await creatorWithTaggedSale("starter");
    const { status, html } = await page(creator, "/analytics?range=7d");
    expect(status).toBe(200);
    expect(html).toContain('data-figure="orders"');
    expect(html).toContain("Your plan does not include detailed analytics.");
    expect(html).toContain('href="/settings/billing?upgrade=pro"');
    expect(html).not.toContain("Page views and sales by source");
    expect(html).not.toContain("campaign-starter");
    // The basic view stays: sales by product.
    expect(html).toContain('id="products-heading"');
  });

  it("on Pro: the source table with the campaign, and no lock", async () => {
    const creator = await creatorWithTaggedSale("pro");
    await subscribe(creator.id, "pro", "trialing");
    const { status, html } = await page(creator, "/analytics?range=7d");
    expect(status).toBe(200);
    expect(html).toContain("Page views and sales by source");
    expect(html).toContain("campaign-pro");
    expect(html).not.toContain("Your plan does not include");
  });
});

describe("advanced customisation: the buy button's own-CSS style", () => {
  it("on Starter: the choice is locked on the page, and a save or preview of it answers the coded 403", async () => {
    const creator = await createSignedInCreator(server, { businessTypes: ["existing_website"] });
    const form = await page(creator, "/sales/existing-website");
    expect(form.html).toMatch(/<option value="custom" disabled="">/);
    expect(form.html).toContain("Your plan does not include advanced customisation.");
    for (const intent of ["save", "preview"]) {
      const refused = await postForm(
        server,
        "/sales/existing-website",
        { ...CUSTOM_BUTTON, intent },
        { jar: creator.jar, ip: creator.ip },
      );
      expect(refused.status, intent).toBe(403);
      expect((await refused.text()).replaceAll("<!-- -->", "")).toContain(
        "Your plan does not include advanced customisation. Upgrade to Pro to use it.",
      );
    }
    expect(await savedStyle(creator.id)).toBeUndefined();
    // The basic styles save as before.
    const basic = await postForm(
      server,
      "/sales/existing-website",
      { ...CUSTOM_BUTTON, buttonStyle: "success" },
      { jar: creator.jar, ip: creator.ip },
    );
    expect(basic.status).toBe(302);
    expect(await savedStyle(creator.id)).toBe("success");
  });

  it("answers a data request with the coded body: code, message, feature, plan and link", async () => {
    const creator = await createSignedInCreator(server, { businessTypes: ["existing_website"] });
    const refused = await postForm(server, "/sales/existing-website.data", CUSTOM_BUTTON, {
      jar: creator.jar,
      ip: creator.ip,
    });
    expect(refused.status).toBe(403);
    const body = await refused.text();
    for (const part of ["PLAN_FEATURE_NOT_INCLUDED", "advanced_customisation", "/settings/billing?upgrade=pro"])
      expect(body).toContain(part);
  });

  it("on Business: no lock, and the custom style is saved", async () => {
    const creator = await createSignedInCreator(server, { businessTypes: ["existing_website"] });
    await subscribe(creator.id, "business");
    const form = await page(creator, "/sales/existing-website");
    expect(form.html).not.toContain("Your plan does not include");
    expect(form.html).not.toMatch(/<option value="custom" disabled/);
    const saved = await postForm(server, "/sales/existing-website", CUSTOM_BUTTON, {
      jar: creator.jar,
      ip: creator.ip,
    });
    expect(saved.status).toBe(302);
    expect(await savedStyle(creator.id)).toBe("custom");
  });
});
