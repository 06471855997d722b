import { and, eq, gte } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { securityAudit } from "~/kernel/audit/tables.server";
import { nextClientIp } from "../../support/client-ip";
import { CookieJar } from "../../support/cookie-jar";
import { postForm } from "../../support/form-post";
import { createSignedInCreator } from "../../support/signed-in-creator";
import type { TestServer } from "../../support/test-server";
import { serverWithMailAndGoogle } from "../../support/server-with-mail";
import { submitProviderPage } from "../../support/oidc-provider";

// `GET /auth/google/callback` without a valid state signed the current user out on the server (a
// top-level navigation carries the Lax cookie) and wrote a risk-8 alert, so a link on any site could sign a
// creator out and raise a false alarm. A GET anyone can trigger must not end a session.

const OIDC_CLIENT = { clientId: "sellkit-callback-test", clientSecret: "sellkit-callback-test-secret" };
let server: TestServer;
let counter = 0;

serverWithMailAndGoogle(OIDC_CLIENT, (started) => {
  ({ server } = started);
});

async function get(path: string, jar: CookieJar, ip: string) {
  const response = await server.request(path, { headers: { cookie: jar.header(), "x-forwarded-for": ip } });
  jar.store(response);
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

/** Whether the browser of `jar` has a session (better-auth's answer: null when it has none). */
async function signedIn(jar: CookieJar, ip: string) {
  const { status, body } = await get("/api/auth/get-session", jar, ip);
  return status === 200 && JSON.parse(body) !== null;
}

async function alertsSince(userId: string, since: Date) {
  return server.db
    .select({ eventType: securityAudit.eventType, riskScore: securityAudit.riskScore })
    .from(securityAudit)
    .where(and(eq(securityAudit.userId, userId), gte(securityAudit.createdAt, since), gte(securityAudit.riskScore, 8)));
}

/** `state` as the app writes it (base64url JSON of a CSRF token and a path), with a token this browser never got. */
const FORGED_STATE = Buffer.from(JSON.stringify({ csrf: "forged-token", from: "/dashboard" })).toString("base64url");

describe("GET /auth/google/callback without a valid state", () => {
  it.each([
    ["no state at all", "/auth/google/callback"],
    ["a forged state", `/auth/google/callback?provider=google&state=${FORGED_STATE}`],
    ["a forged state with a code", `/auth/google/callback?provider=google&code=abc&state=${FORGED_STATE}`],
    ["garbage", "/auth/google/callback?state=%%%"],
  ])(
    "(%s) shows 'Security verification failed' but keeps the signed-in session and writes no high-risk alert",
    async (_, path) => {
      counter += 1;
      const creator = await createSignedInCreator(server, { email: `callback-${counter}@example.com` });
      const since = new Date(Date.now() - 1000);
      expect(await signedIn(creator.jar, creator.ip)).toBe(true);

      // As if a link on another site sent the creator's browser here (the Lax session cookie goes along).
      const page = await get(path, creator.jar, creator.ip);
      expect(page.status).toBe(200);
      expect(page.body).toContain("Security verification failed");
      expect(page.body).toContain("Please try signing in again.");

      expect(await signedIn(creator.jar, creator.ip)).toBe(true);
      expect(await alertsSince(creator.id, since)).toEqual([]);
    },
  );
});

describe("a third-party sign-in that comes back with a state this browser did not start", () => {
  it("is not kept: 'Security verification failed' and no session", async () => {
    const result = await googleSignIn(`tampered-${Date.now()}@example.com`, { tamper: true });
    expect(result.page).toContain("Security verification failed");
    expect(await signedIn(result.jar, result.ip)).toBe(false);
  });

  it("while the same sign-in with its own state is kept (and a later forged GET leaves it alone)", async () => {
    const result = await googleSignIn(`kept-${Date.now()}@example.com`, { tamper: false });
    expect(result.page).toContain("Signed in with Google");
    expect(await signedIn(result.jar, result.ip)).toBe(true);
    expect(
      (await get(`/auth/google/callback?provider=google&state=${FORGED_STATE}`, result.jar, result.ip)).body,
    ).toContain("Security verification failed");
    expect(await signedIn(result.jar, result.ip)).toBe(true);
  });
});

/**
 * 'Continue with Google' like a browser through the local OpenID provider (its login, then consent), back to the
 * app's callback page. With `tamper`, the stored oauth_state cookie is replaced before the browser returns.
 */
async function googleSignIn(email: string, { tamper }: { tamper: boolean }) {
  const jar = new CookieJar();
  const providerJar = new CookieJar();
  const ip = nextClientIp();
  let response = await postForm(
    server,
    "/login",
    { intent: "oauth", provider: "google", from: "/dashboard" },
    { jar, ip },
  );
  expect(response.status).toBe(302);
  let url = new URL(response.headers.get("location")!, server.origin);
  await response.arrayBuffer();
  if (tamper) jar.store(new Response(null, { headers: { "set-cookie": "sellkit.oauth_state=Zm9yZ2Vk; Path=/" } }));
  for (let hops = 0; hops < 20; hops += 1) {
    const atApp = url.origin === server.origin;
    const headers: Record<string, string> = { cookie: (atApp ? jar : providerJar).header() };
    if (atApp) headers["x-forwarded-for"] = ip;
    response = await fetch(url, { redirect: "manual", headers });
    (atApp ? jar : providerJar).store(response);
    const location = response.headers.get("location");
    if (atApp && url.pathname === "/auth/google/callback") return { jar, ip, page: await response.text() };
    if (location) {
      await response.arrayBuffer();
      url = new URL(location, url);
      continue;
    }
    // A provider page: its form (login, then consent) is submitted like a visitor would.
    url = await submitProviderPage(response, url, email, providerJar);
  }
  throw new Error("the Google sign-in did not come back to the app");
}
