import { NUL_CHARACTER_MESSAGE } from "~/server/http/read-form-data.server";
import { and, count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { salesMethods } from "~/domains/sales-methods/tables.server";
import { postForm, toastOf } from "../../support/form-post";
import { hostileBody } from "../../support/hostile-body";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

let mail: MailCatcher;
let server: TestServer;

/** A verified creator selling through an existing website, with a business profile, signed in. */
function createCreator(label: string): Promise<SignedInCreator> {
  return createSignedInCreator(server, {
    storeName: `${label} Store`,
    businessTypes: ["existing_website"],
    businessDescription: `${label} sells templates for makers.`,
    targetCustomers: "Makers",
  });
}

async function get(creator: SignedInCreator | null, path: string) {
  const response = await server.request(path, {
    headers: creator ? { cookie: creator.jar.header(), "x-forwarded-for": creator.ip } : {},
  });
  creator?.jar.store(response);
  return response;
}

function post(creator: SignedInCreator | null, path: string, fields: Record<string, string | string[]>) {
  return postForm(server, path, fields, creator ? { jar: creator.jar, ip: creator.ip } : {});
}

async function savedRows(userId: string, method?: string) {
  return server.db
    .select({ id: salesMethods.id, method: salesMethods.method, settings: salesMethods.settings })
    .from(salesMethods)
    .where(
      method ? and(eq(salesMethods.userId, userId), eq(salesMethods.method, method)) : eq(salesMethods.userId, userId),
    );
}

/** Each form: its URL, the stored method key, a valid submission, a change, and what the reloaded page must show. */
const FORMS = [
  {
    path: "/sales/online-store",
    method: "online_store",
    toast: "Online store saved",
    valid: {
      storeName: "Ada's Atelier",
      storeDescription: "Hand-drawn templates",
      category: "digital",
      currency: "EUR",
      theme: "minimal",
    },
    stored: {
      storeName: "Ada's Atelier",
      storeDescription: "Hand-drawn templates",
      category: "digital",
      currency: "EUR",
      theme: "minimal",
    },
    change: { storeName: "Ada's New Atelier", category: "books" },
    invalid: [{ storeName: "A", category: "digital" }, "Store name must be at least 2 characters"],
  },
  {
    path: "/sales/retail-store",
    method: "retail_store",
    toast: "Retail store saved",
    valid: {
      storeName: "Corner Shop",
      address: "1 Main Street, Springfield",
      description: "Books and maps",
      features: ["pos", "loyalty"],
    },
    stored: {
      storeName: "Corner Shop",
      address: "1 Main Street, Springfield",
      description: "Books and maps",
      features: ["pos", "loyalty"],
    },
    change: { storeName: "Corner Shop Two", address: "2 Main Street, Springfield" },
    invalid: [{ storeName: "Corner Shop", address: "" }, "Please enter the store address"],
  },
  {
    path: "/sales/event-sales",
    method: "events",
    toast: "Event sales saved",
    valid: {
      businessName: "Market Stall",
      eventTypes: ["craft_fairs", "festivals"],
      setupRequirements: "One table",
      paymentMethods: ["cash", "wallet_qr"],
    },
    stored: {
      businessName: "Market Stall",
      eventTypes: ["craft_fairs", "festivals"],
      setupRequirements: "One table",
      paymentMethods: ["cash", "wallet_qr"],
    },
    change: { businessName: "Market Stall Two", eventTypes: "art_shows", paymentMethods: "card_reader" },
    invalid: [{ businessName: "Market Stall", paymentMethods: "cash" }, "Please select at least one event type"],
  },
  {
    path: "/sales/existing-website",
    method: "existing_website",
    toast: "Buy button saved",
    valid: {
      websiteUrl: "https://ada.example/shop",
      platform: "wix",
      integrationMethod: "widget",
      buttonText: "Get it now",
      buttonStyle: "success",
    },
    stored: {
      websiteUrl: "https://ada.example/shop",
      platform: "wix",
      integrationMethod: "widget",
      buttonText: "Get it now",
      buttonStyle: "success",
    },
    change: { websiteUrl: "https://ada.example/other", platform: "custom", buttonText: "Order" },
    invalid: [
      { websiteUrl: "ftp://ada.example", platform: "wix", buttonText: "Buy" },
      "Please enter a valid website URL starting with http:// or https://",
    ],
  },
  {
    path: "/sales/social-media",
    method: "social_media",
    toast: "Social media sales saved",
    valid: {
      businessName: "Insta Shop",
      platforms: ["instagram", "pinterest"],
      contentTypes: ["stories", "tutorials"],
      targetAudience: "Crafters",
    },
    stored: {
      businessName: "Insta Shop",
      platforms: ["instagram", "pinterest"],
      contentTypes: ["stories", "tutorials"],
      targetAudience: "Crafters",
    },
    change: { businessName: "Insta Shop Two", platforms: "youtube" },
    invalid: [{ businessName: "Insta Shop" }, "Please select at least one platform"],
  },
] as const;

let alice: SignedInCreator;
let bob: SignedInCreator;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" });
  alice = await createCreator("alice");
  bob = await createCreator("bob");
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("sales-method forms", () => {
  for (const form of FORMS) {
    describe(form.path, () => {
      it("starts from the defaults, saves, reloads the saved values, and keeps one row on update", async () => {
        const empty = await get(alice, form.path);
        expect(empty.status).toBe(200);
        expect(await empty.text()).toContain("Nothing saved yet");

        const saved = await post(alice, form.path, form.valid as Record<string, string | string[]>);
        expect(saved.status).toBe(302);
        expect(saved.headers.get("location")).toBe(form.path);
        expect(toastOf(saved)).toEqual({ type: "success", title: form.toast });
        const [row] = await savedRows(alice.id, form.method);
        expect(row?.settings).toMatchObject(form.stored);

        const page = await (await get(alice, form.path)).text();
        for (const value of Object.values(form.valid).flat())
          expect(page).toContain(String(value).replace(/'/g, "&#x27;"));
        expect(page).toContain("Your saved setup is shown below");

        const updated = await post(alice, form.path, { ...form.valid, ...form.change } as Record<
          string,
          string | string[]
        >);
        expect(updated.status).toBe(302);
        const rows = await savedRows(alice.id, form.method);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.id).toBe(row!.id);
        expect(rows[0]!.settings).toMatchObject(
          Object.fromEntries(
            Object.entries(form.change).map(([k, v]) => [
              k,
              Array.isArray(v) || !Array.isArray((form.stored as Record<string, unknown>)[k]) ? v : [v],
            ]),
          ),
        );
      });

      it("answers invalid input with 400 and the message, keeps the typed values, and saves nothing", async () => {
        const before = await savedRows(bob.id, form.method);
        const [fields, message] = form.invalid;
        const response = await post(bob, form.path, fields as Record<string, string>);
        expect(response.status).toBe(400);
        const html = await response.text();
        expect(html).toContain(message);
        expect(html).toContain(Object.values(fields)[0]);
        expect(await savedRows(bob.id, form.method)).toEqual(before);
      });

      it("sends a signed-out visitor to /auth with the path as 'from', for the page and the action", async () => {
        const page = await get(null, form.path);
        expect(page.status).toBe(302);
        expect(page.headers.get("location")).toBe(`/auth?from=${encodeURIComponent(form.path)}`);
        const action = await post(null, form.path, form.valid as Record<string, string | string[]>);
        expect(action.status).toBe(302);
        expect(action.headers.get("location")).toBe(`/auth?from=${encodeURIComponent(form.path)}`);
      });
    });
  }
});

describe("another creator", () => {
  it("never sees the first creator's setup and never changes it", async () => {
    const aliceRows = await savedRows(alice.id);
    expect(aliceRows).toHaveLength(5);
    for (const form of FORMS) {
      const page = await (await get(bob, form.path)).text();
      expect(page, form.path).not.toContain(String(Object.values(form.change)[0]));
      expect(page, form.path).toContain("Nothing saved yet");
    }
    // Bob's posts (even carrying Alice's ids or user id) only ever touch Bob's rows.
    await post(bob, "/sales/online-store", {
      storeName: "Bob Store",
      category: "other",
      id: aliceRows[0]!.id,
      userId: alice.id,
      user_id: alice.id,
    });
    expect(await savedRows(alice.id)).toEqual(aliceRows);
    const [bobsStore] = await savedRows(bob.id, "online_store");
    expect(bobsStore?.settings).toEqual({
      storeName: "Bob Store",
      category: "other",
      currency: "USD",
      theme: "modern",
    });
    for (const tool of ["buy-button", "social", "events"]) {
      const html = await (await get(bob, `/tools/${tool}`)).text();
      expect(html).not.toContain("Ada&#x27;s New Atelier");
      expect(html).not.toContain("ada.example");
      // The Event Sales and Social Media Managers are tools of their own: they list Bob's events and posts only.
      if (tool !== "events" && tool !== "social") expect(html).toContain("Nothing saved yet");
    }
  });
});

describe("tool pages", () => {
  it("show what the tool does and the creator's saved setup in words, with a link to edit it", async () => {
    const html = await (await get(alice, "/tools/estore-builder")).text();
    expect(html).toContain("E-shop Builder");
    expect(html).not.toContain("works from your online store setup"); // the E-shop Builder is a real tool
    expect(html).toContain("Ada&#x27;s New Atelier");
    expect(html).toContain("Books");
    expect(html).toContain("EUR – Euro");
    expect(html).toContain('href="/sales/online-store"');
    // Mobile POS is the point of sale itself, at a phone's width.
    const pos = await (await get(alice, "/tools/mobile-pos")).text();
    expect(pos).toContain("Mobile POS");
    expect(pos).toContain("Open a shift");
  });

  it("offer 'Set up' before anything is saved, 404 for unknown tools, and sign-in when signed out", async () => {
    const carol = await createCreator("carol");
    const html = await (await get(carol, "/tools/bio-link")).text();
    expect(html).toContain("Link in Bio Tool");
    expect(html).toContain("Set up social media sales");
    expect((await get(carol, "/tools/no-such-tool")).status).toBe(404);
    expect((await get(null, "/tools/pos")).headers.get("location")).toBe("/auth?from=%2Ftools%2Fpos");
  });
});

describe("public buy page", () => {
  it("shows only the store name and description of the button's owner", async () => {
    const [row] = await savedRows(alice.id, "existing_website");
    const response = await get(null, `/buy/${row!.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("alice Store");
    expect(html).toContain("alice sells templates for makers.");
    // Nothing published yet (the store's published products are listed here).
    expect(html).toContain("No products are for sale yet.");
    expect(html).not.toContain("Checkout for this seller opens soon");
    expect(html).toContain('content="noindex"');
    for (const secret of ["+1 555 123 4567", "@example.com", "ada.example", alice.id, "Makers"])
      expect(html).not.toContain(secret);
  });

  it("answers 404 for unknown, malformed and non-buy-button ids", async () => {
    const [store] = await savedRows(alice.id, "online_store");
    for (const id of [
      "00000000-0000-4000-8000-000000000000",
      "not-a-uuid",
      "'; drop table sales_methods; --",
      store!.id,
    ]) {
      const response = await get(null, `/buy/${encodeURIComponent(id)}`);
      expect(response.status, id).toBe(404);
      expect(await response.text()).toContain("Oops! Page not found");
    }
  });

  it("the saved snippet on the form links to the owner's buy page", async () => {
    const [row] = await savedRows(alice.id, "existing_website");
    const html = await (await get(alice, "/sales/existing-website")).text();
    expect(html).toContain(`${server.origin}/buy/${row!.id}`);
    const bobs = await (await get(bob, "/sales/existing-website")).text();
    expect(bobs).not.toContain(row!.id);
  });
});

describe("hostile bodies", () => {
  it("answer a repeated one-value field or a NUL character with 400 and a message, not a server error", async () => {
    const twice = await post(bob, "/sales/existing-website", {
      websiteUrl: "https://b.example",
      platform: "wix",
      buttonText: ["One", "Two"],
      buttonStyle: ["primary", "success"],
    });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain("Please enter the button text");
    const nul = await post(bob, "/sales/retail-store", {
      storeName: "Bob Shop",
      address: "1 Main\u0000 Street",
      description: "a\u0000b",
    });
    expect(nul.status).toBe(400);
    // Every form refuses a NUL character before any schema sees it (app/server/http/read-form-data.server.ts).
    expect(await nul.text()).toContain(NUL_CHARACTER_MESSAGE);
  });

  it("never get a 5xx from a sales-method action and never save for another user", async () => {
    const aliceBefore = await savedRows(alice.id);
    const value = fc.oneof(
      fc.string({ maxLength: 100 }),
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.constantFrom(
        "",
        " ",
        "x".repeat(20_000),
        "https://a.example",
        "javascript:alert(1)",
        "\u0000",
        "<script>",
        "USD",
        "pos",
        "[]",
        "{}",
      ),
    );
    const fields = fc.constantFrom(
      "storeName",
      "category",
      "currency",
      "theme",
      "address",
      "features",
      "eventTypes",
      "paymentMethods",
      "websiteUrl",
      "platform",
      "integrationMethod",
      "buttonText",
      "buttonStyle",
      "platforms",
      "intent",
      "__proto__",
      "constructor",
      "features[0]",
      "userId",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FORMS.map((f) => f.path)),
        fc.array(fc.tuple(fields, value), { maxLength: 10 }),
        fc.constantFrom("urlencoded", "multipart", "json", "garbage"),
        fc.boolean(),
        async (path, entries, encoding, signedIn) => {
          const { body, headers } = hostileBody(entries, encoding);
          if (signedIn) Object.assign(headers, { cookie: bob.jar.header(), "x-forwarded-for": bob.ip });
          const response = await server.request(path, { method: "POST", body, headers });
          await response.arrayBuffer();
          expect(response.status, `${path} ${encoding}`).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
    expect(await savedRows(alice.id)).toEqual(aliceBefore);
    const [total] = await server.db.select({ n: count() }).from(salesMethods);
    expect(total!.n).toBeLessThanOrEqual(10);
  });
});
