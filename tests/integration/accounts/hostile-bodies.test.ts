import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessProfiles } from "~/kernel/store/tables.server";
import { user } from "~/kernel/session/tables.server";
import { hostileBody } from "../../support/hostile-body";
import { startTestServer, type TestServer } from "../../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const ENDPOINTS = [
  "/auth",
  "/auth?tab=register",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/choose-plan",
  "/logout",
  "/api/auth/sign-out",
  "/api/auth/sign-up/email",
];
const FIELDS = [
  "intent",
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
  "phone",
  "phoneCountry",
  "storeName",
  "businessTypes",
  "termsAccepted",
  "emailVerified",
  "__proto__",
  "constructor",
];
const INTENTS = ["sign-in", "register", "oauth", "magic-link", "business-profile", "signup", "nope"];

const value = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "x".repeat(20_000),
    "a@b.co",
    "Str0ng&Unusual!",
    "//evil.example",
    "javascript:alert(1)",
    "../../etc/passwd",
    "\u0000",
    "{}",
    "[]",
    "true",
  ),
);

async function rowCounts() {
  const [users] = await server.db.select({ n: count() }).from(user);
  const [profiles] = await server.db.select({ n: count() }).from(businessProfiles);
  return { users: users!.n, profiles: profiles!.n };
}

describe("hostile bodies against every account endpoint", () => {
  it("never answer 5xx and never store anything", async () => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }),
        fc.constantFrom(...INTENTS),
        fc.constantFrom("urlencoded", "multipart", "json", "text", "garbage"),
        fc.constantFrom("", "sellkit.session_token=forged", "sellkit.oauth_state=%22x%22; sellkit.toast=%7B%7D"),
        async (path, fields, intent, encoding, cookie) => {
          const { body, headers } = hostileBody(Object.entries({ intent, ...fields }), encoding, "profilePicture");
          if (cookie) headers.cookie = cookie;
          const response = await server.request(path, { method: "POST", body, headers });
          await response.arrayBuffer();
          expect(response.status, `${path} ${encoding}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    "/auth",
    "/login",
    "/signup",
    "/reset-password",
    "/verify",
    "/auth/google/callback",
    "/choose-plan",
    "/dashboard",
  ])("GET %s with hostile query strings never answers 5xx", async (path) => {
    for (const query of [
      `?token=${"x".repeat(5000)}`,
      "?state=%00%ff",
      "?state=eyJjc3JmIjp7fX0",
      "?step=2&verified=true",
      "?from=//evil.example",
      "?error=%3Cscript%3E",
      "?plan=__proto__",
      "?tab=register&step=9",
    ]) {
      const response = await server.request(path + query, {
        headers: { cookie: "sellkit.session_token=forged; sellkit.toast=%7B%22type%22%3A1%7D" },
      });
      await response.arrayBuffer();
      expect(response.status, path + query).toBeLessThan(500);
    }
  });
});
