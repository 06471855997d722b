import { randomUUID } from "node:crypto";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, gt, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SALES_METHODS } from "~/domains/sales-methods/content/sales-methods";
import { BLOG_POSTS, SHARE_NETWORKS } from "~/domains/marketing/content/blog-posts";
import { TOOLS } from "~/domains/workspace/content/tools";
import { session, user } from "~/kernel/session/tables.server";
import { eventSalesSchema } from "~/domains/sales-methods/schemas/event-sales";
import { existingWebsiteSchema } from "~/domains/sales-methods/schemas/existing-website";
import { onlineStoreSchema } from "~/domains/sales-methods/schemas/online-store";
import { retailStoreSchema } from "~/domains/sales-methods/schemas/retail-store";
import { socialMediaSchema } from "~/domains/sales-methods/schemas/social-media";
import { NUL_CHARACTER_MESSAGE } from "~/server/http/read-form-data.server";
import { saveAvatar } from "~/domains/workspace/server/save-avatar.server";
import { saveSalesMethod } from "~/domains/sales-methods/server/save-sales-method.server";
import {
  describeRequest,
  hostileCookies,
  hostileFields,
  hostileQueryFor,
  hostileRequest,
  hostileSegment,
  sendOnOwnConnection,
  toFetch,
  unclearRejection,
  type HostileRequestSpec,
  type RawAnswer,
} from "./hostile-requests";
import { startMailCatcher, type MailCatcher } from "./mail-catcher";
import { CREATOR_PASSWORD, createSignedInCreator, type SignedInCreator } from "./signed-in-creator";
import { startTestServer, type TestServer } from "./test-server";
import { rawRequest } from "./raw-http";
import {
  bodyLimitFor,
  type BodyTimes,
  FORM_BODY_LIMIT_BYTES,
  GLOBAL_BODY_LIMIT_BYTES,
} from "~/server/http/body-limits";
import { TOO_LARGE_MESSAGE, TOO_SLOW_MESSAGE, UNKNOWN_HOST_MESSAGE } from "../../server/request-limits";
import { UNREAD_BODY_WAIT_MS } from "../../server/discard-unread-body";

/**
 * Hostile requests at scale against every endpoint of app/routes.ts, signed out and signed in, in one test file per
 * group of endpoints (`fuzzEndpointGroup`), so that the groups run side by side.
 * FUZZ_RUNS requests per endpoint (default 30 in `npm test`, 60 in `.ci/run`'s PostgreSQL pass; `bench/fuzz.mjs` runs
 * 1,000). Asserts: no 5xx, no hang, every 4xx carries a clear message (see `unclearRejection`), the database holds
 * no half-written change afterwards, and a spawned server process survives a batch of the same requests.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const PROCESS_RUNS = Number(process.env.FUZZ_PROCESS_RUNS ?? Math.max(150, Math.min(RUNS * 3, 2_000)));
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);
/**
 * Body times short enough that a stalled body is cut off in seconds, every route's time still its own rule; longer
 * than an early answer waits for its unread body, which it must be sent after.
 */
const QUICK_BODY_TIMES: BodyTimes = { formMs: UNREAD_BODY_WAIT_MS + 3_000, bytesPerSecond: 8 * 1024 * 1024 };
/** Stands for the live signed-in session cookie inside a generated Cookie header; replaced when sent. */
const SESSION = "__LIVE_SESSION__";

// A store with one published product and its cover.
const STORE_HANDLE = "fuzz-store";
const PRODUCT_SLUG = "fuzz-product";

/**
 * The test files the endpoints are split into: the signed-in workspace, the buyer's store pages, the rest of the site.
 */
export type EndpointGroup = "site" | "workspace" | "store";

/** The group an endpoint of `endpointsOf` (or of the Express query list) is fuzzed in. */
function groupOf(name: string): EndpointGroup {
  if (/^\/(?:s|buy|checkout|purchases|avatars|covers|t|unsubscribe)(?:\/|$)|^\/api\/webhooks\//.test(name))
    return "store";
  if (
    /^\/(?:tools|orders|customers|analytics|payouts|payments|api\/pos|api\/product-files|api\/orders)(?:\/|$)/.test(
      name,
    )
  )
    return "workspace";
  return "site";
}

type Endpoint = {
  name: string;
  paths: fc.Arbitrary<string>;
  methods?: readonly ("GET" | "POST")[];
  fields?: readonly string[];
  intents?: readonly string[];
  /** A valid submission; runs start from it with some fields made hostile, to reach past validation. */
  valid?: Record<string, string | string[]>;
};

const ACCOUNT_FIELDS = [
  "email",
  "password",
  "confirmPassword",
  "firstName",
  "lastName",
  "dateOfBirth",
  "captcha",
  "plan",
  "provider",
  "from",
  "redirectTo",
  "token",
  "code",
  "method",
];
const PROFILE_FIELDS = [
  "phone",
  "phoneCountry",
  "storeName",
  "businessDescription",
  "businessTypes",
  "targetCustomers",
  "companySize",
  "websiteUrl",
  "preferredDelivery",
  "preferredPayment",
  "marketingConsent",
  "termsAccepted",
  "profilePicture",
];
const SETTINGS_FIELDS = [
  "firstName",
  "lastName",
  "avatar",
  "removeAvatar",
  "newEmail",
  "confirmEmail",
  "currentPassword",
  "password",
  "confirmPassword",
  "confirmation",
  ...PROFILE_FIELDS,
];
const SECURITY_FIELDS = ["currentPassword", "code", "sessionId", "password", "id"];

const SALES_VALID: Record<string, Record<string, string | string[]>> = {
  "/sales/online-store": {
    storeName: "Ada's Atelier",
    storeDescription: "Hand-drawn templates",
    category: "digital",
    currency: "EUR",
    theme: "minimal",
  },
  "/sales/retail-store": {
    storeName: "Corner Shop",
    address: "1 Main Street, Springfield",
    description: "Books and maps",
    features: ["pos", "loyalty"],
  },
  "/sales/event-sales": {
    businessName: "Market Stall",
    eventTypes: ["craft_fairs", "festivals"],
    setupRequirements: "One table",
    paymentMethods: ["cash", "wallet_qr"],
  },
  "/sales/existing-website": {
    websiteUrl: "https://ada.example/shop",
    platform: "wix",
    integrationMethod: "widget",
    buttonText: "Get it now",
    buttonStyle: "success",
  },
  "/sales/social-media": {
    businessName: "Insta Shop",
    platforms: ["instagram", "pinterest"],
    contentTypes: ["stories", "tutorials"],
    targetAudience: "Crafters",
  },
};
const SALES_SCHEMAS = {
  online_store: onlineStoreSchema,
  retail_store: retailStoreSchema,
  events: eventSalesSchema,
  existing_website: existingWebsiteSchema,
  social_media: socialMediaSchema,
} as const;

const fixed = (p: string) => fc.constant(p);

/**
 * What a counted store page reads for its views and the order's attribution (server/count-views.ts, attribution.ts).
 */
const SOURCE_KEYS = ["src", "via", "utm_source", "utm_medium", "utm_campaign", "embed", "host"];
/**
 * The query parameters each GET route of app/routes.ts reads (its own and its feature's readers); routes reading none
 * are not listed. The check below finds the routes whose module reads the query and the keys it names.
 */
const QUERY_KEYS_OF: Record<string, readonly string[]> = {
  "/auth": ["tab", "step", "verified", "from", "redirectTo"],
  "/auth/google/callback": ["state", "code", "error", "provider"],
  "/auth/two-factor": ["from", "method"],
  "/login": ["from"],
  "/reset-password": ["token", "error", "access_token", "token_hash"],
  "/signup": ["plan"],
  "/verify": ["token"],
  "/settings": ["error"],
  "/settings/billing": ["upgrade", "checkout"],
  "/choose-plan": ["plan", "checkout"],
  "/billing/test/portal": ["returnUrl"],
  "/checkout/:orderId": ["pay", "key", "cancelled", "embed", "host"],
  "/checkout/test/:id": ["embed", "host"],
  "/purchases/:orderId": ["token"],
  "/buy/:id": SOURCE_KEYS,
  "/s/:handle": SOURCE_KEYS,
  "/s/:handle/:slug": ["variant", "option-1", "option-2", ...SOURCE_KEYS],
  "/s/:handle/:slug/buy": ["variant", "quantity", ...SOURCE_KEYS],
  "/s/:handle/:slug/shipping-options": ["country", "discountCode", "quantity", "variant"],
  "/s/:handle/cart/checkout": ["items", ...SOURCE_KEYS],
  "/s/:handle/links": SOURCE_KEYS,
  "/s/:handle/links/go/:blockId": SOURCE_KEYS,
  "/analytics": ["range", "from", "to"],
  "/customers": ["view", "after", "sort", "q"],
  "/customers/:email": ["after"],
  "/orders": ["status", "fulfilment", "q", "after"],
  "/payouts": ["after", "stripe_after"],
  "/tools/events": ["tab", "month"],
  "/tools/events/new": ["from"],
  "/tools/events/compare": ["type", "from", "to", "sort", "dir"],
  "/tools/events/compare.csv": ["type", "from", "to", "sort", "dir"],
  "/tools/pos": ["event", "register"],
  "/tools/mobile-pos": ["event", "register"],
  "/tools/products": ["q", "sort"],
  "/tools/products/discounts": ["edit"],
  "/tools/retail-dashboard": ["q", "page", "low", "location", "item", "count"],
  "/tools/shipping": ["zone"],
  "/tools/social": ["view", "day"],
  "/tools/social/new": ["day"],
  "/api/pos/returns": ["q"],
};

/**
 * GET URLs the Express app answers before React Router that read a query string (listed at the end of app/routes.ts).
 */
const EXPRESS_QUERY_ENDPOINTS: { name: string; paths: fc.Arbitrary<string>; query: readonly string[] }[] = [
  { name: "/orders/export.csv", paths: fixed("/orders/export.csv"), query: ["status", "fulfilment"] },
  { name: "/customers/export.csv", paths: fixed("/customers/export.csv"), query: ["q"] },
  {
    name: "/purchases/:orderId/files/:fileId",
    paths: fixed(`/purchases/${randomUUID()}/files/${randomUUID()}`),
    query: ["expires", "sig"],
  },
];
const PAGES = [
  "/",
  "/features",
  "/pricing",
  "/security",
  "/help",
  "/about",
  "/blog",
  "/partners",
  "/learn",
  "/privacy",
  "/terms",
  "/verify",
  "/verification-success",
  "/auth/google/callback",
  "/dashboard",
  "/sitemap.xml",
  "/robots.txt",
  "/dev/mailbox",
  "/api/captcha/challenge",
  "/api/security/events",
  "/api/orders/changes",
];

/** The rows the setup made, which some endpoints' paths name. */
type Seed = { buyId: string; avatarId: string; coverId: string; productId: string };

/** Every endpoint of app/routes.ts, each with the requests that reach it. */
function endpointsOf(seed: Seed): Endpoint[] {
  return [
    ...PAGES.map((p) => ({ name: p, paths: fixed(p), fields: ACCOUNT_FIELDS })),
    { name: "/tier/:plan", paths: hostileSegment(["free", "pro", "business", "starter"]).map((s) => `/tier/${s}`) },
    { name: "/blog/:id", paths: hostileSegment(BLOG_POSTS.map((p) => p.id)).map((s) => `/blog/${s}`) },
    {
      name: "/blog/:id/share/:network",
      paths: fc
        .tuple(hostileSegment(BLOG_POSTS.map((p) => p.id)), hostileSegment(SHARE_NETWORKS.map((n) => n.id)))
        .map(([a, b]) => `/blog/${a}/share/${b}`),
    },
    {
      name: "/contact",
      paths: fixed("/contact"),
      fields: ["name", "email", "subject", "message", "website"],
      valid: {
        name: "Ada Lovelace",
        email: "ada@example.com",
        subject: "Payout question",
        message: "When do payouts arrive?",
      },
    },
    {
      name: "/auth",
      paths: fc.constantFrom("/auth", "/auth?tab=register", "/auth?tab=register&step=2"),
      fields: [...ACCOUNT_FIELDS, ...PROFILE_FIELDS],
      intents: ["sign-in", "register", "oauth", "magic-link", "business-profile"],
      valid: { intent: "sign-in", email: "ada@example.com", password: CREATOR_PASSWORD },
    },
    { name: "/signup", paths: fixed("/signup"), fields: ACCOUNT_FIELDS, intents: ["signup", "oauth"] },
    {
      name: "/login",
      paths: fixed("/login"),
      fields: ACCOUNT_FIELDS,
      intents: ["sign-in", "oauth", "magic-link"],
      valid: { intent: "sign-in", email: "ada@example.com", password: CREATOR_PASSWORD },
    },
    { name: "/logout", paths: fixed("/logout"), fields: ACCOUNT_FIELDS },
    { name: "/choose-plan", paths: fixed("/choose-plan"), fields: ["plan", "intent"], valid: { plan: "pro" } },
    {
      name: "/forgot-password",
      paths: fixed("/forgot-password"),
      fields: ACCOUNT_FIELDS,
      valid: { email: "ada@example.com" },
    },
    {
      name: "/reset-password",
      paths: fixed("/reset-password"),
      fields: ACCOUNT_FIELDS,
      valid: { token: "abc", password: "N3w&Unusual!pass", confirmPassword: "N3w&Unusual!pass" },
    },
    { name: "/auth/two-factor", paths: fixed("/auth/two-factor"), fields: ["code", "method", "from"] },
    {
      name: "/settings",
      paths: fixed("/settings"),
      fields: SETTINGS_FIELDS,
      intents: ["personal-profile", "business-profile", "change-email", "change-password", "delete-account"],
      valid: { intent: "personal-profile", firstName: "Ada", lastName: "King" },
    },
    {
      name: "/settings/billing",
      paths: fixed("/settings/billing"),
      fields: ["intent", "plan", "reason"],
      intents: ["change-plan", "cancel", "resume", "portal"],
      valid: { intent: "cancel", reason: "Too expensive" },
    },
    {
      name: "/security-settings",
      paths: fixed("/security-settings"),
      fields: SECURITY_FIELDS,
      intents: [
        "enable-2fa",
        "verify-2fa",
        "disable-2fa",
        "terminate-session",
        "terminate-other-sessions",
        "cleanup-data",
      ],
    },
    { name: "/security-settings/export", paths: fixed("/security-settings/export"), fields: SECURITY_FIELDS },
    ...SALES_METHODS.map((m) => ({
      name: m.path,
      paths: fixed(m.path),
      fields: [...Object.keys(SALES_VALID[m.path]!), "intent"],
      intents: m.key === "existing_website" ? ["preview", "save"] : [],
      valid: SALES_VALID[m.path],
    })),
    {
      name: "/tools/products",
      paths: fc.constantFrom("/tools/products", "/tools/products?q=%00x&sort=y"),
      fields: ["intent", "id"],
      intents: ["duplicate", "publish", "unpublish", "archive", "unarchive", "delete"],
    },
    {
      name: "/tools/products/new",
      paths: fixed("/tools/products/new"),
      fields: [
        "name",
        "type",
        "summary",
        "description",
        "pricing",
        "price",
        "minPrice",
        "suggestedPrice",
        "slug",
        "cover",
        "removeCover",
        "sku",
        "barcode",
        "weight",
        "allowBackorder",
        "lowStockThreshold",
        "options[0].name",
        "options[0].values[0]",
        "options[0].values",
        "variants[0].optionValues[0]",
        "variants[0].sku",
        "variants[0].barcode",
        "variants[0].price",
        "variants",
      ],
      valid: { name: "Fuzz guide", type: "physical", pricing: "fixed", price: "5.00" },
    },
    {
      name: "/tools/products/:id",
      paths: hostileSegment([seed.productId]).map((s) => `/tools/products/${s}`),
      fields: ["intent", "id", "name", "type", "pricing", "price", "slug"],
    },
    {
      name: "/tools/products/:id/files",
      paths: hostileSegment([seed.productId]).map((s) => `/tools/products/${s}/files`),
      fields: ["intent", "fileId", "fileIds", "name"],
      intents: ["rename", "reorder", "remove"],
    },
    { name: "/security-settings/sessions", paths: fixed("/security-settings/sessions"), fields: SECURITY_FIELDS },
    {
      name: "/checkout/test/:id",
      paths: hostileSegment([randomUUID()]).map((s) => `/checkout/test/${s}`),
      fields: ["intent", "outcome", "key"],
    },
    { name: "/checkout/:orderId", paths: hostileSegment([randomUUID()]).map((s) => `/checkout/${s}?key=x`) },
    { name: "/api/webhooks/billing/stripe", paths: fixed("/api/webhooks/billing/stripe"), methods: ["POST", "GET"] },
    {
      name: "/billing/test/checkout/:id",
      paths: hostileSegment(["tbc_missing"]).map((s) => `/billing/test/checkout/${s}`),
      fields: ["card"],
    },
    {
      name: "/billing/test/portal",
      paths: fixed("/billing/test/portal"),
      fields: ["intent", "card", "days"],
      intents: ["card", "clock"],
      valid: { intent: "clock", days: "1" },
    },
    {
      name: "/billing/test/invoices/:id",
      paths: hostileSegment(["tbi_missing"]).map((s) => `/billing/test/invoices/${s}`),
    },
    {
      name: "/api/webhooks/:provider",
      paths: hostileSegment(["test", "stripe", "paypal"]).map((s) => `/api/webhooks/${s}`),
      methods: ["POST", "GET"],
    },
    {
      name: "/purchases",
      paths: fixed("/purchases"),
      fields: ["email", "captcha"],
      valid: { email: "buyer@example.com" },
    },
    {
      name: "/purchases/:orderId",
      paths: hostileSegment([randomUUID()]).map((s) => `/purchases/${s}?token=x`),
      fields: ["intent"],
    },
    {
      name: "/api/product-files",
      paths: fc.constantFrom("/api/product-files", "/api/product-files/x"),
      fields: ["productId"],
    },
    { name: "/tools/:tool", paths: hostileSegment(TOOLS.map((t) => t.slug)).map((s) => `/tools/${s}`) },
    { name: "/buy/:id", paths: hostileSegment([seed.buyId]).map((s) => `/buy/${s}`) },
    { name: "/avatars/:id", paths: hostileSegment([seed.avatarId]).map((s) => `/avatars/${s}`) },
    { name: "/covers/:id", paths: hostileSegment([seed.coverId]).map((s) => `/covers/${s}`) },
    { name: "/t/:code", paths: hostileSegment(["abcd1234"]).map((s) => `/t/${s}`) },
    { name: "/s/:handle", paths: hostileSegment([STORE_HANDLE]).map((s) => `/s/${s}`) },
    {
      name: "/s/:handle/:slug",
      paths: fc.tuple(hostileSegment([STORE_HANDLE]), hostileSegment([PRODUCT_SLUG])).map(([a, b]) => `/s/${a}/${b}`),
    },
    {
      name: "/s/:handle/:slug/buy",
      paths: fc
        .tuple(hostileSegment([STORE_HANDLE]), hostileSegment([PRODUCT_SLUG]))
        .map(([a, b]) => `/s/${a}/${b}/buy`),
    },
    // sellkit.js on a seller's website: a store's public products, and one checkout of a cart of them.
    {
      name: "/s/:handle/products.json",
      paths: hostileSegment([STORE_HANDLE]).map((s) => `/s/${s}/products.json`),
    },
    {
      name: "/s/:handle/cart/checkout",
      paths: fc
        .tuple(
          hostileSegment([STORE_HANDLE]),
          fc.constantFrom(
            "",
            `?items=${PRODUCT_SLUG}:2`,
            `?items=${PRODUCT_SLUG},x:0,%00:1&embed=1&host=https%3A%2F%2Fevil.example`,
            "?items=a:99,b:-1&embed=1&host=%00",
          ),
        )
        .map(([a, q]) => `/s/${a}/cart/checkout${q}`),
      fields: ["intent", "email", "provider", "country", "shippingRateId", "ships", "attribution", "discountCode"],
      intents: ["apply", "pay"],
      valid: { email: "buyer@example.com", provider: "test" },
    },
    {
      name: "/tools/buy-button",
      paths: fixed("/tools/buy-button"),
    },
    {
      name: "/tools/integration",
      paths: fixed("/tools/integration"),
      fields: ["origins"],
      valid: { origins: "https://fuzz.example" },
    },
    // Link in Bio: the public page, its counted redirects, sign-up and OG image, and the editor with its QR codes.
    { name: "/s/:handle/links", paths: hostileSegment([STORE_HANDLE]).map((s) => `/s/${s}/links`) },
    {
      name: "/s/:handle/links/go/:blockId",
      paths: fc
        .tuple(hostileSegment([STORE_HANDLE]), hostileSegment([randomUUID()]))
        .map(([a, b]) => `/s/${a}/links/go/${b}`),
    },
    {
      name: "/s/:handle/links/subscribe",
      paths: hostileSegment([STORE_HANDLE]).map((s) => `/s/${s}/links/subscribe`),
      fields: ["email", "consent", "captcha"],
      valid: { email: "fuzz@example.com", consent: "on" },
    },
    { name: "/s/:handle/links/og.png", paths: hostileSegment([STORE_HANDLE]).map((s) => `/s/${s}/links/og.png`) },
    {
      name: "/s/:handle/links/confirm/:token",
      paths: fc
        .tuple(hostileSegment([STORE_HANDLE]), hostileSegment(["A".repeat(32)]))
        .map(([a, b]) => `/s/${a}/links/confirm/${b}`),
    },
    {
      name: "/unsubscribe/:token",
      paths: hostileSegment(["A".repeat(32)]).map((s) => `/unsubscribe/${s}`),
      fields: ["List-Unsubscribe"],
    },
    {
      name: "/tools/bio-link",
      paths: fixed("/tools/bio-link"),
      fields: [
        "intent",
        "title",
        "bio",
        "theme",
        "buttonStyle",
        "instagram",
        "blockId",
        "kind",
        "url",
        "body",
        "productId",
        "thumbnailCoverId",
        "showFrom",
        "showUntil",
        "hidden",
        "order",
        "action",
      ],
      intents: ["profile", "block", "order", "block-action"],
      valid: { intent: "block", kind: "link", title: "Fuzz", url: "https://example.org/" },
    },
    { name: "/tools/bio-link/qr.svg", paths: fixed("/tools/bio-link/qr.svg") },
    { name: "/tools/bio-link/qr.png", paths: fixed("/tools/bio-link/qr.png") },
    // Store Management: shops, stock verbs, counts and CSV imports, told apart by intent.
    {
      name: "/tools/retail-dashboard",
      paths: fc.constantFrom(
        "/tools/retail-dashboard",
        "/tools/retail-dashboard?q=%00a&low=1&page=-1&location=x&item=y&count=z",
        `/tools/retail-dashboard?page=99999999&low=1&location=${randomUUID()}&item=${randomUUID()}&count=${randomUUID()}`,
      ),
      fields: [
        "intent",
        "id",
        "name",
        "address",
        "openingHours",
        "phone",
        "variantId",
        "locationId",
        "fromLocationId",
        "toLocationId",
        "quantity",
        "reason",
        "note",
        "productId",
        "threshold",
        "counted",
        "mode",
        "csv",
      ],
      intents: [
        "save-location",
        "archive-location",
        "restore-location",
        "receive",
        "adjust",
        "transfer",
        "threshold",
        "count-review",
        "count-post",
        "import-preview",
        "import-apply",
      ],
      valid: { intent: "save-location", name: "Fuzz shop" },
    },
    { name: "/tools/retail-dashboard/inventory.csv", paths: fixed("/tools/retail-dashboard/inventory.csv") },
    {
      name: "/s/:handle/:slug/shipping-options",
      paths: fc
        .tuple(
          hostileSegment([STORE_HANDLE]),
          hostileSegment([PRODUCT_SLUG]),
          fc.constantFrom("", "?country=FR", "?country=%00&quantity=-1"),
        )
        .map(([a, b, q]) => `/s/${a}/${b}/shipping-options${q}`),
    },
    {
      name: "/tools/shipping",
      paths: fc.constantFrom("/tools/shipping", "/tools/shipping?zone=x", `/tools/shipping?zone=${randomUUID()}`),
      fields: [
        "intent",
        "id",
        "zoneId",
        "name",
        "countries",
        "restOfWorld",
        "kind",
        "price",
        "freeAbove",
        "bands[0].maxGrams",
      ],
      intents: ["save-zone", "save-rate", "delete-zone", "delete-rate"],
      valid: { intent: "save-zone", name: "Fuzz zone", countries: "FR" },
    },
    {
      name: "/tools/events",
      paths: fc.constantFrom("/tools/events", "/tools/events?tab=past&month=2026-13", "/tools/events?month=%00"),
      fields: ["intent"],
      intents: ["reset-feed"],
    },
    {
      name: "/tools/events/new",
      paths: fc.constantFrom("/tools/events/new", `/tools/events/new?from=${randomUUID()}`, "/tools/events/new?from=x"),
      fields: ["intent", "name", "type", "startsAt", "endsAt", "boothFee", "checklist", "repeat", "repeatCount"],
      intents: ["save-event"],
    },
    {
      name: "/tools/events/compare",
      paths: fc.constantFrom("/tools/events/compare", "/tools/events/compare?sort=x&from=2026-99-99&type=%00"),
      fields: ["intent"],
      intents: [],
    },
    {
      name: "/tools/events/:id",
      paths: fc.constantFrom(`/tools/events/${randomUUID()}`, "/tools/events/not-a-uuid"),
      fields: ["intent", "itemId", "text", "variantId", "fromLocationId", "toLocationId", "quantity"],
      intents: [
        "save-event",
        "archive",
        "restore",
        "delete",
        "toggle-item",
        "add-checklist-item",
        "transfer",
        "return-leftovers",
        "sell-here",
      ],
    },
    {
      name: "/tools/events/compare.csv",
      paths: fc.constantFrom("/tools/events/compare.csv", "/tools/events/compare.csv?dir=%00"),
      fields: [],
      intents: [],
    },
    {
      name: "/tools/events/feed/:file",
      paths: fc.constantFrom(
        `/tools/events/feed/${"A".repeat(43)}.ics`,
        "/tools/events/feed/x",
        "/tools/events/feed/%00.ics",
      ),
      fields: [],
      intents: [],
    },
    {
      name: "/tools/social",
      paths: fc.constantFrom("/tools/social", "/tools/social?view=month&day=2026-13-45", "/tools/social?view=%00"),
      fields: ["intent", "postId", "date"],
      intents: ["move-post"],
    },
    {
      name: "/tools/social/new",
      paths: fc.constantFrom("/tools/social/new", "/tools/social/new?day=2026-02-30", "/tools/social/new?day=%00"),
      fields: ["intent", "platform", "contentType", "text", "productIds", "linkTarget", "status", "scheduledAt"],
      intents: ["save-post"],
    },
    {
      name: "/tools/social/:id",
      paths: fc.constantFrom(`/tools/social/${randomUUID()}`, "/tools/social/not-a-uuid"),
      fields: ["intent", "platform", "text", "linkTarget", "publicUrl", "postId", "date", "scheduledAt"],
      intents: ["save-post", "move-post", "duplicate-post", "mark-posted", "delete-post"],
    },
    {
      name: "/tools/estore-builder",
      paths: fixed("/tools/estore-builder"),
      fields: ["intent", "handle", "productId", "direction"],
      intents: ["handle", "move"],
      valid: { intent: "handle", handle: "fuzz-store" },
    },
    // The seller's discount codes, orders and refunds.
    {
      name: "/tools/products/discounts",
      paths: fc.constantFrom(
        "/tools/products/discounts",
        "/tools/products/discounts?edit=x",
        `/tools/products/discounts?edit=${randomUUID()}`,
      ),
      fields: [
        "intent",
        "id",
        "code",
        "kind",
        "percentOff",
        "amountOff",
        "appliesTo",
        "productIds",
        "startsAt",
        "endsAt",
        "maxRedemptions",
        "minAmount",
      ],
      intents: ["save", "archive", "unarchive", "delete"],
      valid: { intent: "save", code: "FUZZ-10", kind: "percent", percentOff: "10", appliesTo: "all" },
    },
    {
      name: "/orders",
      paths: fc.constantFrom(
        "/orders",
        "/orders?status=paid",
        "/orders?status=x&after=y",
        "/orders?after=2026-01-01T00:00:00Z_x",
        `/orders?after=2026-02-30T00:00:00Z_${randomUUID()}`,
        "/orders?q=%00a",
        "/orders?fulfilment=partial&status=paid",
        "/orders?fulfilment=none&after=x",
      ),
      fields: ["status", "fulfilment"],
    },
    // Customers, analytics and payouts (read-only pages: cursors, searches and ranges from the URL).
    {
      name: "/customers",
      paths: fc.constantFrom(
        "/customers",
        "/customers?sort=spent&after=1~a%00b",
        "/customers?after=2026-02-30T00:00:00Z~a%40b.c",
        "/customers?q=%00",
        "/customers?view=subscribers",
        "/customers?view=subscribers&after=2026-02-30T00:00:00Z~not-a-uuid",
        "/customers?view=subscribers&after=%00~%00",
      ),
    },
    {
      name: "/customers/:email",
      paths: fc
        .tuple(
          hostileSegment(["buyer%40example.com"]),
          fc.constantFrom("", `?after=2026-13-01T00:00:00Z_${randomUUID()}`),
        )
        .map(([s, q]) => `/customers/${s}${q}`),
    },
    {
      name: "/analytics",
      paths: fc.constantFrom(
        "/analytics",
        "/analytics?range=7d",
        "/analytics?from=2026-02-30&to=2026-03-01",
        "/analytics?from=0001-01-01&to=9999-12-31",
      ),
    },
    {
      name: "/payouts",
      paths: fc.constantFrom("/payouts", `/payouts?after=2026-02-30_${randomUUID()}`, "/payouts?stripe_after=po_%00"),
    },
    {
      name: "/orders/:id",
      paths: hostileSegment([randomUUID()]).map((s) => `/orders/${s}`),
      fields: ["intent", "amount", "lines[0].lineId", "lines[0].quantity", "carrier", "trackingNumber", "trackingUrl"],
      intents: ["review", "refund", "fulfil"],
      valid: { intent: "review", amount: "1.00" },
    },
    // The point of sale: shift and card reader forms told apart by intent, Z-reports, and the devices' sales (JSON).
    ...["/tools/pos", "/tools/mobile-pos"].map((name) => ({
      name,
      // The phone's page also reads the event or register it opens on from the query.
      paths:
        name === "/tools/mobile-pos"
          ? fc.constantFrom(
              name,
              `${name}?event=${randomUUID()}`,
              `${name}?event=%00&register=x`,
              `${name}?register=${randomUUID()}&event=none`,
            )
          : fixed(name),
      fields: [
        "intent",
        "registerId",
        "openingFloat",
        "shiftId",
        "countedCash",
        "kind",
        "amount",
        "reason",
        "registrationCode",
        "label",
      ],
      intents: ["open-shift", "close-shift", "drawer", "connect-reader", "disconnect-reader"],
    })),
    { name: "/tools/pos/shifts/:id", paths: hostileSegment([randomUUID()]).map((s) => `/tools/pos/shifts/${s}`) },
    { name: "/api/pos/sales", paths: fixed("/api/pos/sales"), methods: ["POST", "GET"] },
    {
      name: "/api/pos/sales/:id/receipt",
      paths: hostileSegment([randomUUID()]).map((s) => `/api/pos/sales/${s}/receipt`),
      methods: ["GET", "POST"],
    },
    { name: "/api/pos/discount-codes", paths: fixed("/api/pos/discount-codes"), methods: ["POST", "GET"] },
    {
      name: "/api/pos/returns",
      paths: hostileSegment(["A1B2C3D4", "buyer@example.com"]).map((s) => `/api/pos/returns?q=${s}`),
      methods: ["POST", "GET"],
    },
    {
      name: "/api/pos/payments/:id",
      paths: hostileSegment([randomUUID()]).map((s) => `/api/pos/payments/${s}`),
      methods: ["POST", "GET"],
      fields: ["intent", "cardNumber"],
      intents: ["present", "cancel"],
    },
    { name: "/orders/:id/packing-slip", paths: hostileSegment([randomUUID()]).map((s) => `/orders/${s}/packing-slip`) },
    // Payments: the seller's provider connection and the return from onboarding
    {
      name: "/payments",
      paths: fixed("/payments"),
      fields: ["intent", "provider"],
      intents: ["connect", "refresh"],
      valid: { intent: "refresh", provider: "stripe" },
    },
    {
      name: "/payments/:provider/return",
      paths: hostileSegment(["stripe", "paypal"]).map((s) => `/payments/${s}/return`),
    },
    { name: "/dev/mailbox/:id", paths: hostileSegment([]).map((s) => `/dev/mailbox/${s}`) },
    {
      name: "/api/auth/*",
      paths: fc.oneof(
        fc.constantFrom(
          "/api/auth/get-session",
          "/api/auth/sign-out",
          "/api/auth/verify-email",
          "/api/auth/sign-up/email",
          "/api/auth/sign-in/email",
          "/api/auth/two-factor/enable",
          "/api/auth/list-sessions",
          "/api/auth/ok",
          "/api/auth/",
        ),
        hostileSegment(["x", "a".repeat(64)]).map((s) => `/api/auth/reset-password/${s}`),
        hostileSegment(["google", "facebook", "apple", "github"]).map((s) => `/api/auth/callback/${s}`),
        hostileSegment([]).map((s) => `/api/auth/${s}`),
      ),
      fields: [...ACCOUNT_FIELDS, "callbackURL", "state", "code", "idToken"],
    },
    {
      name: "* (not found)",
      paths: fc
        .tuple(hostileSegment(["nope", "wp-admin", ".env", "assets/x.js", "index.php"]), hostileSegment(["", "x"]))
        .map(([a, b]) => `/${a}/${b}`),
    },
  ];
}

/** The endpoint's request arbitrary: fully hostile fields, or (when it has one) a valid form with hostile changes. */
function requestsFor(endpoint: Endpoint): fc.Arbitrary<HostileRequestSpec & { signedIn: boolean }> {
  const base = hostileRequest({
    paths: endpoint.paths,
    methods: endpoint.methods ?? ["GET", "POST"],
    fields: endpoint.fields ?? ACCOUNT_FIELDS,
    intents: endpoint.intents,
    session: SESSION,
  });
  const withValid = endpoint.valid
    ? fc
        .tuple(base, hostileFields(Object.keys(endpoint.valid), endpoint.intents), fc.integer({ min: -1, max: 4 }))
        .map(([spec, extra, keep]) => {
          const validEntries = Object.entries(endpoint.valid!).flatMap(([k, v]) =>
            [v].flat().map((item): [string, string] => [k, item]),
          );
          // keep = -1: the valid form plus fields it does not know (it should be saved); otherwise `keep` of its
          // fields are replaced by hostile values and one more hostile field is added (rejected, or saved if still
          // valid).
          if (keep < 0)
            return {
              ...spec,
              method: "POST" as const,
              fields: [...validEntries, ...extra.filter(([k]) => !Object.hasOwn(endpoint.valid!, k))],
            };
          const hostileNames = new Set(extra.slice(0, keep).map(([k]) => k));
          const fields = [...validEntries.filter(([k]) => !hostileNames.has(k)), ...extra.slice(0, keep + 1)];
          return { ...spec, method: "POST" as const, fields };
        })
    : base;
  const spec = endpoint.valid ? fc.oneof({ arbitrary: base, weight: 2 }, { arbitrary: withValid, weight: 1 }) : base;
  return fc.tuple(spec, fc.boolean()).map(([s, signedIn]) => ({
    ...s,
    signedIn,
    cookie: signedIn ? s.cookie : s.cookie.replace(new RegExp(`(?:; )?${SESSION}`), ""),
  }));
}

type Outcome = { status: number; problem?: string; knownReset?: boolean };

/** Runs `tasks` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

/** Rows that only a half-written change would leave behind (each query returns the offending rows). */
const PARTIAL_ROW_CHECKS: Record<string, string> = {
  "users without a profiles row": `select u.id from "user" u where not exists (select 1 from profiles p where p.user_id = u.id)`,
  "users without any account (no password, no provider)": `select u.id from "user" u where not exists (select 1 from account a where a.user_id = u.id)`,
  "business_profiles without a profiles row": `select b.user_id from business_profiles b where not exists (select 1 from profiles p where p.user_id = b.user_id)`,
  "business_profiles with empty required values": `select user_id from business_profiles where btrim(store_name) = '' or btrim(business_description) = '' or btrim(target_customers) = '' or btrim(phone) = '' or cardinality(business_types) = 0 or not (business_types <@ array['online_store','retail_store','events','existing_website','social_media'])`,
  "avatars not referenced by their owner's profile": `select a.id from avatars a where not exists (select 1 from profiles p where p.user_id = a.user_id and p.avatar_url = '/avatars/' || a.id::text)`,
  "profiles pointing at a missing avatar": `select p.user_id from profiles p where p.avatar_url is not null and not exists (select 1 from avatars a where '/avatars/' || a.id::text = p.avatar_url and a.user_id = p.user_id)`,
  "more than one avatar per user": `select user_id from avatars group by user_id having count(*) > 1`,
  "sales_methods of an unknown method": `select id from sales_methods where method not in ('online_store','retail_store','events','existing_website','social_media')`,
  "enabled two_factor without backup codes": `select t.user_id from two_factor t where t.enabled_at is not null and not exists (select 1 from backup_codes b where b.user_id = t.user_id)`,
  "backup codes without enabled two_factor": `select distinct b.user_id from backup_codes b where not exists (select 1 from two_factor t where t.user_id = b.user_id and t.enabled_at is not null)`,
  "contact messages with empty fields": `select id from contact_messages where btrim(name) = '' or btrim(email) = '' or btrim(subject) = '' or btrim(message) = ''`,
  "mail without recipient or subject": `select id from mail_outbox where btrim("to") = '' or btrim(subject) = ''`,
  "security events without type or severity": `select id from security_audit where event_type = '' or severity not in ('low','medium','high','critical')`,
};

/** Host header values that are not this site: other names, rebinding look-alikes, other ports, malformed. */
const hostileHost = fc.oneof(
  fc.constantFrom(
    "evil.example",
    "127.0.0.1.evil.example",
    "localhost.evil.example",
    "127.0.0.1:1",
    "[::1]:1",
    "0.0.0.0",
    "",
    "user@127.0.0.1",
    "127.0.0.1:abc",
    "LOCALHOST:1",
    "xn--80ak6aa92e.com",
  ),
  fc.domain(),
  fc.ipV4().map((ip) => `${ip}:${fc.sample(fc.integer({ min: 1, max: 65535 }), 1)[0]}`),
);

/**
 * The fuzzing of one group of endpoints, against a server of its own: every request kind, the query strings, the
 * body and Host limits; the coverage checks and fixed regressions run in the "site" file, the spawned server in
 * "store".
 */
export function fuzzEndpointGroup(group: EndpointGroup): void {
  let server: TestServer;
  let mail: MailCatcher;
  let creator: SignedInCreator;
  let liveCookie = "";
  let buyId = "";
  let avatarId = "";
  let coverId = "";
  let productId = "";

  /** Every endpoint, with the paths of this file's own rows. */
  const endpoints = () => endpointsOf({ buyId, avatarId, coverId, productId });
  /** The endpoints this file fuzzes. */
  const groupEndpoints = () => endpoints().filter((endpoint) => groupOf(endpoint.name) === group);

  /** Sends one hostile request and judges its answer (5xx, no answer, or an unclear rejection are problems). */
  async function send(origin: string, spec: HostileRequestSpec): Promise<Outcome> {
    const { url, init } = toFetch(origin, { ...spec, cookie: spec.cookie.replace(SESSION, liveCookie) });
    let answer: RawAnswer;
    try {
      answer = await sendOnOwnConnection(url, init);
    } catch (error) {
      const { message, bodyBytes = 0 } = error as Error & { bodyBytes?: number };
      // A route that answers without reading a large body (see "a POST body the app does not read" below): with
      // `Connection: close` the socket may close with body bytes still unread and the kernel then resets it under the
      // answer (seen on /security-settings/export at 1,000 runs, before server/create-app.ts drained unread bodies).
      // Counted and reported apart (bench/fuzz.mjs prints them), not a server failure.
      if (spec.method === "POST" && bodyBytes >= 32_768 && /aborted|ECONNRESET|EPIPE|socket hang up/.test(message))
        return { status: 0, knownReset: true };
      return { status: 0, problem: `no answer: ${message}` };
    }
    if (answer.status >= 500)
      return { status: answer.status, problem: `${answer.status}: ${answer.body.slice(0, 200)}` };
    const unclear = unclearRejection(answer.status, answer.contentType, answer.body);
    return unclear ? { status: answer.status, problem: unclear } : { status: answer.status };
  }

  /** The creator's session cookie, signed in again (or a new creator) when a hostile request ended it. */
  async function refreshSession(): Promise<void> {
    const token = decodeURIComponent(liveCookie.split("=")[1] ?? "").split(".")[0] ?? "";
    const [alive] = await server.db
      .select({ id: session.id })
      .from(session)
      .where(and(eq(session.token, token), gt(session.expiresAt, new Date())))
      .limit(1);
    if (alive) return;
    const [exists] = await server.db.select({ id: user.id }).from(user).where(eq(user.id, creator.id));
    if (!exists) creator = await createSignedInCreator(server);
    else {
      const { headers } = await server.services.auth.api.signInEmail({
        body: { email: creator.email, password: CREATOR_PASSWORD },
        returnHeaders: true,
      });
      const cookie = headers.getSetCookie().find((c) => c.startsWith("sellkit.session_token="));
      if (!cookie) throw new Error("could not sign the creator in again");
      liveCookie = cookie.split(";")[0]!;
      return;
    }
    liveCookie = creator.jar
      .header()
      .split("; ")
      .find((c) => c.startsWith("sellkit.session_token="))!;
  }

  const totals = {
    unreadBodyResets: 0,
    requests: 0,
    byStatus: {} as Record<string, number>,
    fiveHundreds: 0,
    problems: [] as string[],
    perEndpoint: {} as Record<string, number>,
    ms: 0,
  };

  async function fuzzEndpoint(endpoint: Endpoint, origin: string, runs: number) {
    let signedInSinceCheck = 0;
    await fc.assert(
      fc.asyncProperty(requestsFor(endpoint), async (spec) => {
        if (spec.signedIn && origin === server.origin && (signedInSinceCheck++ % 5 === 0 || spec.path === "/logout"))
          await refreshSession();
        const outcome = await send(origin, spec);
        totals.requests += 1;
        totals.perEndpoint[endpoint.name] = (totals.perEndpoint[endpoint.name] ?? 0) + 1;
        totals.byStatus[outcome.status] = (totals.byStatus[outcome.status] ?? 0) + 1;
        if (outcome.knownReset) totals.unreadBodyResets += 1;
        else if (outcome.status >= 500 || outcome.status === 0) totals.fiveHundreds += 1;
        if (outcome.problem) totals.problems.push(`${endpoint.name}: ${outcome.problem}\n    ${describeRequest(spec)}`);
      }),
      { numRuns: runs, endOnFailure: true },
    );
  }

  beforeAll(async () => {
    mail = await startMailCatcher();
    server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" });
    creator = await createSignedInCreator(server);
    liveCookie = creator.jar
      .header()
      .split("; ")
      .find((c) => c.startsWith("sellkit.session_token="))!;
    buyId = (
      await saveSalesMethod(
        server.db,
        creator.id,
        "existing_website",
        existingWebsiteSchema.parse(SALES_VALID["/sales/existing-website"]),
      )
    ).id;
    avatarId = (await saveAvatar(server.db, creator.id, { bytes: PNG, contentType: "image/png" }))!.split("/").at(-1)!;
    await rows(`insert into storefronts (user_id, handle) values ('${creator.id}', '${STORE_HANDLE}')`);
    const [product] = (await rows(
      `insert into products (user_id, name, slug, price_cents, currency, status) values ('${creator.id}', 'Fuzz', '${PRODUCT_SLUG}', 500, 'USD', 'published') returning id`,
    )) as { id: string }[];
    const [cover] = (await rows(
      `insert into product_covers (product_id, width, height, content_type, bytes) values ('${product!.id}', 1, 1, 'image/png', '\\x${PNG.toString("hex")}') returning id`,
    )) as { id: string }[];
    coverId = cover!.id;
    productId = product!.id;
    await rows(`insert into bio_pages (user_id) values ('${creator.id}')`);
    await rows(
      `insert into bio_blocks (user_id, kind, title, position) values ('${creator.id}', 'signup', 'News', 0), ('${creator.id}', 'product', '', 1)`,
    );
    await rows(
      `update bio_blocks set product_id = '${productId}' where kind = 'product' and user_id = '${creator.id}'`,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await mail?.stop();
  });

  async function rows(query: string): Promise<unknown[]> {
    const { rows } = await server.db.execute(sql.raw(query));
    return rows;
  }

  describe(`hostile requests against every ${group} endpoint (${RUNS} per endpoint)`, () => {
    // Every endpoint is in one group (groupOf), so a route that is listed is fuzzed by one file.
    if (group === "site")
      it("cover every route of app/routes.ts (a new route cannot be left out)", () => {
        const source = readFileSync(path.join(process.cwd(), "app/routes.ts"), "utf8");
        const routes = [...source.matchAll(/\broute\("([^"]+)"/g)].map((match) =>
          match[1] === "*" ? "* (not found)" : `/${match[1]}`,
        );
        if (/\bindex\(/.test(source)) routes.push("/");
        expect(routes.length).toBeGreaterThan(60);
        const fuzzed = new Set(endpoints().map((endpoint) => endpoint.name));
        expect(routes.filter((route) => !fuzzed.has(route))).toEqual([]);
      });

    it(
      "never answer 5xx, always answer, reject with a clear message",
      async () => {
        const list = groupEndpoints();
        const started = Date.now();
        await pool(list, CONCURRENCY, (endpoint) => fuzzEndpoint(endpoint, server.origin, RUNS));
        totals.ms = Date.now() - started;
        const summary = {
          group,
          endpoints: list.length,
          runsPerEndpoint: RUNS,
          requests: totals.requests,
          fiveHundreds: totals.fiveHundreds,
          unreadBodyResets: totals.unreadBodyResets,
          problems: totals.problems.length,
          ms: totals.ms,
          byStatus: totals.byStatus,
        };
        console.log(`[fuzz] ${JSON.stringify(summary)}`);
        if (process.env.FUZZ_REPORT)
          writeFileSync(
            path.join(process.env.FUZZ_REPORT, `${group}.json`),
            JSON.stringify(
              { ...summary, perEndpoint: totals.perEndpoint, firstProblems: totals.problems.slice(0, 5000) },
              null,
              2,
            ),
          );
        expect(totals.problems.slice(0, 15), `${totals.problems.length} problems`).toEqual([]);
        expect(totals.requests).toBe(list.length * RUNS);
      },
      Math.max(180_000, RUNS * 4_000),
    );

    it("leave no partial rows behind", async () => {
      for (const [label, query] of Object.entries(PARTIAL_ROW_CHECKS)) expect(await rows(query), label).toEqual([]);
      const saved = (await rows(`select method, settings from sales_methods`)) as {
        method: keyof typeof SALES_SCHEMAS;
        settings: unknown;
      }[];
      for (const row of saved) {
        const parsed = SALES_SCHEMAS[row.method].safeParse(row.settings);
        expect(
          parsed.success,
          `sales_methods ${row.method} settings ${JSON.stringify(row.settings).slice(0, 300)}`,
        ).toBe(true);
      }
      // The fuzzing did reach past validation: setups were saved by the fuzzing (setup saved only one).
      if (RUNS >= 30 && groupEndpoints().some((endpoint) => endpoint.name.startsWith("/sales/")))
        expect(saved.length).toBeGreaterThan(1);
    });

    // One spawned server (it starts a PostgreSQL cluster of its own) takes every endpoint, in the lightest group.
    if (group === "store")
      it("a spawned server process survives a batch of the same requests and still stops cleanly", async () => {
        const dataDir = mkdtempSync(path.join(tmpdir(), "sellkit-fuzz-"));
        const child = spawn(process.execPath, ["build/runtime/main.js"], {
          env: {
            PATH: process.env.PATH ?? "",
            HOST: "127.0.0.1",
            PORT: "0",
            DATA_DIR: dataDir,
            LOG_LEVEL: "silent",
            TRUSTED_PROXIES: "loopback",
          },
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk) => (stdout += chunk));
        child.stderr.on("data", (chunk) => (stderr += chunk));
        const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
        try {
          await expect.poll(() => stdout, { timeout: 60_000 }).toMatch(/running at http:\/\/localhost:\d+/);
          const origin = /running at (http:\/\/localhost:\d+)/.exec(stdout)![1]!.replace("localhost", "127.0.0.1");
          const before = totals.problems.length;
          const list = endpoints();
          const perEndpoint = Math.max(3, Math.ceil(PROCESS_RUNS / list.length));
          await pool(list, CONCURRENCY, (endpoint) => fuzzEndpoint(endpoint, origin, perEndpoint));
          expect(totals.problems.slice(before, before + 15)).toEqual([]);
          expect(child.exitCode, stderr).toBeNull();
          expect((await fetch(`${origin}/healthz`)).status).toBe(200);
          expect((await fetch(`${origin}/readyz`)).status).toBe(200);
          child.kill("SIGTERM");
          expect(await exited).toBe(0);
        } finally {
          if (child.exitCode === null) child.kill("SIGKILL");
          rmSync(dataDir, { recursive: true, force: true });
        }
      }, 180_000);
  });

  describe(`hostile query strings on every ${group} GET route that reads one (${RUNS} per route)`, () => {
    if (group === "site")
      it("list every route whose module reads the query string, with the keys it names", () => {
        const source = readFileSync(path.join(process.cwd(), "app/routes.ts"), "utf8");
        const missing: string[] = [];
        for (const [, url, file] of source.matchAll(/\broute\("([^"]+)",\s*"([^"]+)"/g)) {
          const module = readFileSync(path.join(process.cwd(), "app", file!), "utf8");
          if (!/searchParams|\.search\b/.test(module)) continue;
          const declared = QUERY_KEYS_OF[`/${url}`];
          if (!declared) missing.push(`/${url}`);
          for (const [, key] of module.matchAll(/(?:searchParams|params|query)\.get(?:All)?\("([^"]+)"\)/g))
            if (declared && !declared.includes(key!)) missing.push(`/${url} ?${key}`);
        }
        expect(missing).toEqual([]);
        const names = new Set(endpoints().map((endpoint) => endpoint.name));
        expect(Object.keys(QUERY_KEYS_OF).filter((name) => !names.has(name))).toEqual([]);
      });

    it(
      "never answer 5xx to dates PostgreSQL has no day for, huge numbers, NUL, long or repeated values",
      async () => {
        const list = [
          ...groupEndpoints()
            .filter((endpoint) => QUERY_KEYS_OF[endpoint.name])
            .map((endpoint) => ({ name: endpoint.name, paths: endpoint.paths, query: QUERY_KEYS_OF[endpoint.name]! })),
          ...EXPRESS_QUERY_ENDPOINTS.filter((endpoint) => groupOf(endpoint.name) === group),
        ];
        const before = { requests: totals.requests, problems: totals.problems.length };
        await pool(list, CONCURRENCY, (endpoint) => fuzzQuery(endpoint, RUNS));
        const problems = totals.problems.slice(before.problems);
        console.log(`[fuzz] query strings: ${list.length} routes, ${totals.requests - before.requests} requests`);
        expect(problems.slice(0, 15), `${problems.length} problems`).toEqual([]);
        expect(totals.requests - before.requests).toBe(list.length * RUNS);
      },
      Math.max(180_000, RUNS * 4_000),
    );
  });

  /** GETs of `endpoint` with its own query keys given hostile values, signed in (mostly) or not. */
  async function fuzzQuery(
    endpoint: { name: string; paths: fc.Arbitrary<string>; query: readonly string[] },
    runs: number,
  ) {
    let signedInSinceCheck = 0;
    await fc.assert(
      fc.asyncProperty(
        endpoint.paths.map((p) => p.split("?")[0]!),
        hostileQueryFor(endpoint.query),
        fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
        hostileCookies(),
        async (pathname, query, signedIn, cookie) => {
          if (signedIn && signedInSinceCheck++ % 5 === 0) await refreshSession();
          const spec: HostileRequestSpec = {
            method: "GET",
            path: pathname,
            query,
            cookie: signedIn ? liveCookie : cookie,
            fields: [],
            encoding: "urlencoded",
            origin: "own",
          };
          const outcome = await send(server.origin, spec);
          totals.requests += 1;
          totals.byStatus[outcome.status] = (totals.byStatus[outcome.status] ?? 0) + 1;
          if (outcome.status >= 500 || outcome.status === 0) totals.fiveHundreds += 1;
          if (outcome.problem)
            totals.problems.push(`${endpoint.name}: ${outcome.problem}\n    ${describeRequest(spec)}`);
        },
      ),
      { numRuns: runs, endOnFailure: true },
    );
  }

  /** One concrete path per endpoint (its generator's first sample; the same every run). */
  function onePathEach(): { name: string; path: string }[] {
    return groupEndpoints().map((endpoint) => ({
      name: endpoint.name,
      path: fc.sample(endpoint.paths, { numRuns: 1, seed: 11 })[0]!,
    }));
  }

  describe(`limits on every ${group} endpoint`, () => {
    it("an oversized declared body is answered 413 with a message at once, before it is read", async () => {
      const host = new URL(server.origin).host;
      const answers = await Promise.all(
        onePathEach().map(async ({ name, path }) => {
          const head = `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${server.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${GLOBAL_BODY_LIMIT_BYTES + 1 + Math.floor(Math.random() * 500_000_000)}\r\n\r\n`;
          const answer = await rawRequest(server.origin, head, "a=b&");
          return {
            name,
            status: answer.status,
            clear: answer.body.includes(TOO_LARGE_MESSAGE),
            quick: answer.ms < 3_000,
          };
        }),
      );
      expect(answers.filter((a) => a.status !== 413 || !a.clear || !a.quick)).toEqual([]);
    });

    it("a body that stalls is never held past its route's body time: answered early (405, a redirect…) or cut off with 408 and a message", async () => {
      // A server of its own with short body times: production's make this wait a minute for the same behaviour.
      const quick = await startTestServer({
        TRUSTED_PROXIES: "loopback",
        FORM_BODY_TIMEOUT_MS: String(QUICK_BODY_TIMES.formMs),
        FORM_BODY_MIN_BYTES_PER_SECOND: String(QUICK_BODY_TIMES.bytesPerSecond),
      });
      const host = new URL(quick.origin).host;
      const answers = await Promise.all(
        onePathEach().map(async ({ name, path }) => {
          const limit = bodyLimitFor(path.split("?")[0]!, QUICK_BODY_TIMES);
          const head = `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${quick.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 4000\r\nAccept: text/html\r\n\r\n`;
          const answer = await rawRequest(quick.origin, head, "email=slow%40example.com&", limit.timeoutMs + 8_000, {
            untilClosed: true,
          });
          const answered =
            answer.status === 408
              ? answer.body.includes(TOO_SLOW_MESSAGE)
              : answer.status >= 300 && answer.status < 500;
          return {
            name,
            status: answer.status,
            answered,
            closedInTime: answer.closed && answer.ms < limit.timeoutMs + 5_000,
          };
        }),
      ).finally(() => quick.stop());
      expect(answers.filter((a) => !a.answered || !a.closedInTime)).toEqual([]);
      // The routes that read a body signed out (the forms) waited for it and cut it off; the workspace's redirect.
      if (group !== "workspace") expect(answers.filter((a) => a.status === 408).length).toBeGreaterThan(3);
    }, 60_000);

    it("a Host header that is not this site is refused (421 with a message) on every endpoint, GET and POST", async () => {
      const problems: string[] = [];
      const paths = onePathEach();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...paths),
          hostileHost,
          fc.constantFrom("GET", "POST"),
          async ({ name, path }, host, method) => {
            if (
              /^(?:localhost|127\.0\.0\.1|\[::1\])(?::|$)/i.test(host) &&
              host.endsWith(`:${new URL(server.origin).port}`)
            )
              return; // the site itself
            const body = method === "POST" ? "a=b" : "";
            const head = `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
            const answer = await rawRequest(server.origin, head, body);
            // An empty or malformed Host is refused by Node itself with a bare 400, before the app.
            const ok =
              (answer.status === 421 && answer.body.includes(UNKNOWN_HOST_MESSAGE)) ||
              (answer.status === 400 && (host === "" || /[@\s]/.test(host)));
            if (!ok)
              problems.push(
                `${method} ${name} Host ${JSON.stringify(host)}: ${answer.status} ${answer.body.slice(0, 100)}`,
              );
          },
        ),
        { numRuns: Math.max(100, RUNS * 4) },
      );
      expect(problems.slice(0, 10)).toEqual([]);
    }, 120_000);
  });

  // Fixed regressions, on routes of the site group.
  if (group === "site") {
    describe("regressions found by this fuzzing", () => {
      it("a NUL character in a form field is answered 400 with a message, not 503 from the database", async () => {
        const fields = { name: "Ada\u0000", email: "ada@example.com", subject: "NUL", message: "A NUL in the name" };
        const contact = await server.request("/contact", {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { "x-forwarded-for": "198.18.200.1" },
        });
        expect(contact.status).toBe(400);
        expect(await contact.text()).toContain(NUL_CHARACTER_MESSAGE);
        await refreshSession();
        const sales = await server.request("/sales/online-store", {
          method: "POST",
          body: new URLSearchParams({ ...SALES_VALID["/sales/online-store"], storeName: "Shop\u0000" } as Record<
            string,
            string
          >),
          headers: { cookie: liveCookie },
        });
        expect(sales.status).toBe(400);
        expect(await rows(`select id from contact_messages where subject = 'NUL'`)).toEqual([]);
      });

      it.each([
        "/robots.txt",
        "/sitemap.xml",
        "/api/captcha/challenge",
        "/api/security/events",
        "/api/orders/changes",
        "/security-settings/sessions",
        "/avatars/00000000-0000-0000-0000-000000000000",
        "/blog/x/share/y",
        "/s/x/y/shipping-options",
      ])("POST %s is answered 405 Method Not Allowed, without a stack trace", async (pathname) => {
        const response = await server.request(pathname, { method: "POST", body: new URLSearchParams({ a: "b" }) });
        expect(response.status).toBe(405);
        expect(response.headers.get("allow")).toBe("GET, HEAD");
        expect(await response.text()).toBe("Method Not Allowed");
      });
    });

    /**
     * Found by this fuzzing: when a route answered a POST without reading its body (405 on a page without an action,
     * /logout, a guard's redirect, /api/auth/* 404…), the rest of the body was never drained and the next request on
     * that keep-alive connection was never answered. server/create-app.ts now discards an unread body once the
     * response is sent.
     */
    describe("a POST body the app does not read", () => {
      it("does not stall the next request on the same keep-alive connection", async () => {
        const { Agent, request } = await import("node:http");
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        const send = (method: string, pathname: string, body?: string) =>
          new Promise<number>((resolve, reject) => {
            const headers: Record<string, string> = { origin: server.origin };
            if (body)
              Object.assign(headers, {
                "content-type": "application/x-www-form-urlencoded",
                "content-length": String(Buffer.byteLength(body)),
              });
            const req = request(`${server.origin}${pathname}`, { method, agent, headers, timeout: 4_000 }, (res) => {
              res.resume();
              res.on("end", () => resolve(res.statusCode ?? 0));
            });
            req.on("timeout", () => req.destroy(new Error(`${method} ${pathname}: no answer within 4 s`)));
            req.on("error", reject);
            req.end(body);
          });
        try {
          expect(await send("POST", "/about", `x=${"a".repeat(FORM_BODY_LIMIT_BYTES - 10)}`)).toBe(405); // the largest body a form may send
          expect(await send("GET", "/pricing")).toBe(200);
        } finally {
          agent.destroy();
        }
      }, 15_000);

      // The 1,000-per-endpoint fuzz runs saw a few connection resets: answered and closed while body bytes were still
      // arriving, a connection is reset by the kernel and the client may lose the answer. The end of the answer now
      // waits for the body (server/discard-unread-body.ts); before, this connection was left hanging.
      it("gives a request whose body it does not read its whole answer and a clean close, even when the body comes late", async () => {
        const port = Number(new URL(server.origin).port);
        const body = `x=${"a".repeat(FORM_BODY_LIMIT_BYTES - 10)}`;
        const socket = connect(port, "127.0.0.1");
        let received = "";
        const errors: string[] = [];
        socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
        socket.on("error", (error) => errors.push(error.message));
        await once(socket, "connect");
        socket.write(
          `POST /about HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 1_000)}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        socket.end(body.slice(1_000));
        const closed = await Promise.race([
          once(socket, "close").then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
        ]);
        socket.destroy();
        expect({ errors, closed, status: received.slice(0, 12) }).toEqual({
          errors: [],
          closed: true,
          status: "HTTP/1.1 405",
        });
        expect(received).toMatch(/Method Not Allowed/);
      }, 15_000);
    });
  }
}
