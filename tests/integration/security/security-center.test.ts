import { and, count, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { account, session, user } from "~/kernel/session/tables.server";
import { backupCodes, twoFactor } from "~/domains/security/tables.server";
import { securityAudit } from "~/kernel/audit/tables.server";
import {
  decryptTotpSecret,
  encryptTotpSecret,
  newTotpSecret,
} from "~/domains/security/server/two-factor/two-factor-crypto.server";
import { nextClientIp } from "../../support/client-ip";
import { CookieJar } from "../../support/cookie-jar";
import { postForm } from "../../support/form-post";
import { hostileBody } from "../../support/hostile-body";
import type { MailCatcher } from "../../support/mail-catcher";
import {
  awayFromStepEdge,
  enableTwoFactorOverHttp,
  getAs,
  passwordSignIn,
  postSecurity,
  submitChallenge,
  TEST_AUTH_SECRET,
  totpCode,
  wrongTotpCode,
} from "../../support/security-center";
import {
  CREATOR_PASSWORD,
  createSignedInCreator,
  registerSignedInCreator,
  type SignedInCreator,
} from "../../support/signed-in-creator";
import type { TestServer } from "../../support/test-server";
import { serverWithMailAndGoogle } from "../../support/server-with-mail";
import { submitProviderPage } from "../../support/oidc-provider";

const OIDC_CLIENT = { clientId: "sellkit-integration", clientSecret: "sellkit-integration-secret" };

let mail: MailCatcher;
let server: TestServer;
let userCounter = 0;

serverWithMailAndGoogle(OIDC_CLIENT, (started) => {
  ({ mail, server } = started);
});
beforeEach(() => {
  mail.messages.length = 0;
});

function createCreator(label = "sec", { registered = false } = {}): Promise<SignedInCreator> {
  userCounter += 1;
  const email = `${label}-${userCounter}-${Date.now()}@example.com`;
  return registered ? registerSignedInCreator(server, mail, { email }) : createSignedInCreator(server, { email });
}

async function events(userId: string, eventType?: string) {
  return server.db
    .select()
    .from(securityAudit)
    .where(
      eventType
        ? and(eq(securityAudit.userId, userId), eq(securityAudit.eventType, eventType))
        : eq(securityAudit.userId, userId),
    );
}

async function sessionIds(userId: string) {
  return (await server.db.select({ id: session.id }).from(session).where(eq(session.userId, userId))).map(
    (row) => row.id,
  );
}

/** The id of the session behind `jar` (the newest session of the user not in `known`). */
async function newestSessionId(userId: string, known: string[]) {
  const ids = await sessionIds(userId);
  const fresh = ids.filter((id) => !known.includes(id));
  expect(fresh).toHaveLength(1);
  return fresh[0]!;
}

/** A creator with two-factor on (through the settings page), plus what the setup showed them. */
async function creatorWithTwoFactor(label = "tfa") {
  const creator = await createCreator(label);
  const { secret, backupCodes: codes } = await enableTwoFactorOverHttp(server, creator);
  return { creator, secret, codes };
}

/** A new password sign-in of a 2FA user: it must stop at the challenge. */
async function pendingSignIn(email: string) {
  const signIn = await passwordSignIn(server, email, "/dashboard");
  expect(signIn.response.status).toBe(302);
  expect(signIn.response.headers.get("location")).toBe("/auth/two-factor?from=%2Fdashboard");
  return signIn;
}

describe("enabling two-factor over HTTP", () => {
  it("refuses a wrong password and stores nothing", async () => {
    const creator = await createCreator();
    const response = await postSecurity(server, creator, { intent: "enable-2fa", password: "Wrong&Password1" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain('data-testid="manual-key"');
    expect(await server.db.select().from(twoFactor).where(eq(twoFactor.userId, creator.id))).toHaveLength(0);
    expect(await events(creator.id, "reauthentication_failed")).toHaveLength(1);
  });

  it("refuses a wrong first code; the right one turns it on with 10 keyed-hash backup codes and an encrypted secret", async () => {
    const creator = await createCreator();
    const started = await postSecurity(server, creator, { intent: "enable-2fa", password: CREATOR_PASSWORD });
    expect(started.status).toBe(200);
    const secret = /data-testid="manual-key"[^>]*>\s*([A-Z2-7]{16,})\s*</.exec(await started.text())?.[1];
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const [pending] = await server.db.select().from(twoFactor).where(eq(twoFactor.userId, creator.id));
    expect(pending!.enabledAt).toBeNull();

    const wrong = await postSecurity(server, creator, { intent: "verify-2fa", code: wrongTotpCode(secret!) });
    expect(wrong.status).toBe(400);
    await wrong.arrayBuffer();
    expect((await server.db.select().from(twoFactor).where(eq(twoFactor.userId, creator.id)))[0]!.enabledAt).toBeNull();
    expect(await server.db.select().from(backupCodes).where(eq(backupCodes.userId, creator.id))).toHaveLength(0);

    await awayFromStepEdge();
    const verified = await postSecurity(server, creator, { intent: "verify-2fa", code: totpCode(secret!) });
    expect(verified.status).toBe(200);
    const html = await verified.text();
    const list = /<ul[^>]*aria-label="Backup codes"[^>]*>(.*?)<\/ul>/s.exec(html)?.[1] ?? "";
    const codes = [...list.matchAll(/<li[^>]*>([^<]+)<\/li>/g)].map((m) => m[1]!);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);

    const [row] = await server.db.select().from(twoFactor).where(eq(twoFactor.userId, creator.id));
    expect(row!.enabledAt).toBeInstanceOf(Date);
    expect(row!.secretEncrypted).not.toBe(secret);
    expect(row!.secretEncrypted).not.toContain(secret!);
    expect(await decryptTotpSecret(TEST_AUTH_SECRET, row!.secretEncrypted)).toBe(secret);

    const stored = await server.db.select().from(backupCodes).where(eq(backupCodes.userId, creator.id));
    expect(stored).toHaveLength(10);
    expect(new Set(stored.map((r) => r.codeHash)).size).toBe(10);
    for (const { codeHash, usedAt } of stored) {
      expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(usedAt).toBeNull();
      for (const code of codes) {
        expect(codeHash).not.toContain(code.toLowerCase());
        expect(codeHash.toUpperCase()).not.toContain(code.replace("-", ""));
      }
    }
    expect(await events(creator.id, "2fa_enabled")).toHaveLength(1);
    expect(await events(creator.id, "2fa_setup_failed")).toHaveLength(1);
    // The page never shows the secret again once setup is over.
    const page = await getAs(server, creator, "/security-settings");
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(secret!);
    expect(page.body).not.toContain(codes[0]!);
  });

  it("disable-2fa needs the password, then removes the secret and the codes", async () => {
    const { creator } = await creatorWithTwoFactor();
    const refused = await postSecurity(server, creator, { intent: "disable-2fa", password: "Wrong&Password1" });
    expect(refused.status).toBe(400);
    await refused.arrayBuffer();
    expect(await server.db.select().from(twoFactor).where(eq(twoFactor.userId, creator.id))).toHaveLength(1);
    const disabled = await postSecurity(server, creator, { intent: "disable-2fa", password: CREATOR_PASSWORD });
    expect(disabled.status).toBe(200);
    await disabled.arrayBuffer();
    expect(await server.db.select().from(twoFactor).where(eq(twoFactor.userId, creator.id))).toHaveLength(0);
    expect(await server.db.select().from(backupCodes).where(eq(backupCodes.userId, creator.id))).toHaveLength(0);
    expect(await events(creator.id, "2fa_disabled")).toHaveLength(1);
    // A new sign-in is complete without a second factor again.
    const signIn = await passwordSignIn(server, creator.email);
    expect(signIn.response.headers.get("location")).toBe("/dashboard");
  });
});

describe("the sign-in challenge", () => {
  it("a password sign-in of a 2FA user is pending: guarded pages and get-session treat it as signed out", async () => {
    const { creator, secret } = await creatorWithTwoFactor();
    const pending = await pendingSignIn(creator.email);

    const dashboard = await getAs(server, pending, "/dashboard");
    expect(dashboard.status).toBe(302);
    expect(dashboard.location).toBe("/auth/two-factor?from=%2Fdashboard");
    const settings = await getAs(server, pending, "/security-settings");
    expect(settings.location).toBe("/auth/two-factor?from=%2Fsecurity-settings");
    const sessionJson = await getAs(server, pending, "/api/auth/get-session");
    expect(sessionJson.status).toBe(200);
    expect(JSON.parse(sessionJson.body)).toBeNull();
    const stream = await getAs(server, pending, "/api/security/events");
    expect(stream.status).toBe(401);
    // The challenge page itself is shown to the pending session.
    const challenge = await getAs(server, pending, "/auth/two-factor?from=%2Fdashboard");
    expect(challenge.status).toBe(200);
    expect(challenge.body).toContain("Two-factor authentication");

    await awayFromStepEdge();
    const passed = await submitChallenge(server, pending, "totp", totpCode(secret));
    expect(passed.status).toBe(302);
    expect(passed.headers.get("location")).toBe("/dashboard");
    expect((await getAs(server, pending, "/dashboard")).status).toBe(200);
    const after = await getAs(server, pending, "/api/auth/get-session");
    expect(JSON.parse(after.body)).toMatchObject({ user: { email: creator.email } });
    expect(await events(creator.id, "2fa_verified")).toHaveLength(1);
  });

  it("a TOTP code is accepted once: the same code from another pending session is refused (replay)", async () => {
    const { creator, secret } = await creatorWithTwoFactor();
    const first = await pendingSignIn(creator.email);
    const second = await pendingSignIn(creator.email);
    await awayFromStepEdge();
    const code = totpCode(secret);
    const accepted = await submitChallenge(server, first, "totp", code);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/dashboard");

    const replayed = await submitChallenge(server, second, "totp", code);
    expect(replayed.status).toBe(400);
    expect((await getAs(server, second, "/dashboard")).location).toBe("/auth/two-factor?from=%2Fdashboard");
    const [failure] = await events(creator.id, "2fa_failed");
    expect(failure!.details).toMatchObject({ replay: true });

    // The next step's code still works for the refused session: it was the replay that was refused.
    const next = await submitChallenge(server, second, "totp", totpCode(secret, Date.now() + 30_000));
    expect(next.status).toBe(302);
  });

  it("parallel submits of one backup code from five pending sessions: exactly one succeeds", async () => {
    const { creator, codes } = await creatorWithTwoFactor();
    const sessions = [];
    for (let i = 0; i < 5; i += 1) sessions.push(await pendingSignIn(creator.email));
    const code = codes[3]!;
    const answers = await Promise.all(sessions.map((pending) => submitChallenge(server, pending, "backup", code)));
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([302, 400, 400, 400, 400]);
    expect(answers.find((response) => response.status === 302)!.headers.get("location")).toBe("/dashboard");

    const signedIn = [];
    for (const pending of sessions) signedIn.push((await getAs(server, pending, "/dashboard")).status);
    expect(signedIn.filter((status) => status === 200)).toHaveLength(1);
    const used = await server.db
      .select()
      .from(backupCodes)
      .where(and(eq(backupCodes.userId, creator.id), isNotNull(backupCodes.usedAt)));
    expect(used).toHaveLength(1);
    expect(await events(creator.id, "backup_code_used")).toHaveLength(1);

    // The four refused submits count as failures (one more would lock): another unused code still works
    // (typed in lower case without the dash) and clears the count, and the used one stays used.
    expect((await server.db.select().from(twoFactor).where(eq(twoFactor.userId, creator.id)))[0]!.failedAttempts).toBe(
      4,
    );
    const again = await pendingSignIn(creator.email);
    expect((await submitChallenge(server, again, "backup", codes[4]!.toLowerCase().replace("-", ""))).status).toBe(302);
    const another = await pendingSignIn(creator.email);
    expect((await submitChallenge(server, another, "backup", code)).status).toBe(400);
    expect((await getAs(server, another, "/dashboard")).location).toBe("/auth/two-factor?from=%2Fdashboard");
    const [left] = await server.db
      .select({ n: count() })
      .from(backupCodes)
      .where(and(eq(backupCodes.userId, creator.id), isNull(backupCodes.usedAt)));
    expect(left!.n).toBe(8);
  });

  it("locks after five wrong codes (429, 2fa_locked event); even a right code is refused while locked", async () => {
    const { creator, secret, codes } = await creatorWithTwoFactor();
    const pending = await pendingSignIn(creator.email);
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await submitChallenge(server, pending, "totp", wrongTotpCode(secret))).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const [locked] = await events(creator.id, "2fa_locked");
    expect(locked).toMatchObject({ severity: "critical" });
    const [row] = await server.db.select().from(twoFactor).where(eq(twoFactor.userId, creator.id));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);

    await awayFromStepEdge();
    const right = await submitChallenge(server, pending, "totp", totpCode(secret));
    expect(right.status).toBe(429);
    expect((await submitChallenge(server, pending, "backup", codes[0]!)).status).toBe(429);
    expect((await getAs(server, pending, "/dashboard")).location).toBe("/auth/two-factor?from=%2Fdashboard");
    // The lock belongs to the account: a new sign-in from elsewhere is locked too.
    const elsewhere = await pendingSignIn(creator.email);
    expect((await submitChallenge(server, elsewhere, "totp", totpCode(secret, Date.now() + 30_000))).status).toBe(429);
    expect(
      await server.db
        .select()
        .from(backupCodes)
        .where(and(eq(backupCodes.userId, creator.id), isNotNull(backupCodes.usedAt))),
    ).toHaveLength(0);
  });

  it("an ill-formed code is a 400 with a message, and a signed-out visitor is sent to /auth", async () => {
    const { creator } = await creatorWithTwoFactor();
    const pending = await pendingSignIn(creator.email);
    const response = await postForm(
      server,
      "/auth/two-factor?from=%2Fdashboard",
      { method: "totp", code: "12ab" },
      { jar: pending.jar, ip: pending.ip },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please enter a valid 6-digit code");
    const anonymous = await server.request("/auth/two-factor?from=%2Fdashboard", {
      method: "POST",
      body: new URLSearchParams({ method: "totp", code: "123456" }),
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/auth?from=%2Fdashboard");
    // An open redirect through `from` is not possible.
    const evil = await getAs(server, pending, "/auth/two-factor?from=%2F%2Fevil.example");
    expect(evil.status).toBe(200);
    expect(evil.body).not.toMatch(/href="\/\/evil\.example/);
  });
});

describe("every sign-in path asks for the second factor", () => {
  it("magic link: the link ends on the challenge, and the session is not signed in", async () => {
    const { creator, secret } = await creatorWithTwoFactor();
    const requested = await postForm(
      server,
      "/login",
      { intent: "magic-link", email: creator.email },
      { ip: nextClientIp() },
    );
    expect(requested.status).toBe(200);
    await requested.arrayBuffer();
    await expect
      .poll(() => mail.messages.find((m) => m.to.includes(creator.email) && m.subject.includes("sign-in link")), {
        timeout: 10_000,
      })
      .toBeTruthy();
    const message = mail.messages.find((m) => m.to.includes(creator.email) && m.subject.includes("sign-in link"))!;
    const link = /(http:\/\/127\.0\.0\.1:\d+\/verify\?token=\S+)/.exec(message.text)![1]!;

    const visitor = { jar: new CookieJar(), ip: nextClientIp() };
    const opened = await server.request(link.slice(server.origin.length), {
      headers: { "x-forwarded-for": visitor.ip },
    });
    visitor.jar.store(opened);
    await opened.arrayBuffer();
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/auth/two-factor?from=%2F");
    expect(visitor.jar.header()).toContain("session_token");

    expect((await getAs(server, visitor, "/dashboard")).location).toBe("/auth/two-factor?from=%2Fdashboard");
    expect(JSON.parse((await getAs(server, visitor, "/api/auth/get-session")).body)).toBeNull();
    await awayFromStepEdge();
    expect((await submitChallenge(server, visitor, "totp", totpCode(secret))).status).toBe(302);
    expect((await getAs(server, visitor, "/dashboard")).status).toBe(200);
  });

  it("Google (the local OpenID provider): the callback ends on the challenge, and the session is not signed in", async () => {
    const email = `oauth-2fa-${Date.now()}@example.com`;
    // First sign-in creates the account (no second factor yet): it is signed in at once.
    const first = await googleSignIn(email);
    expect(first.finalLocation).toBeNull();
    expect(first.finalStatus).toBe(200);
    expect(first.finalPage).toContain("Signed in with Google");
    expect(JSON.parse((await getAs(server, first, "/api/auth/get-session")).body)).toMatchObject({ user: { email } });

    // Two-factor on for that account (as the settings page stores it).
    const [row] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const secret = newTotpSecret();
    await server.db.insert(twoFactor).values({
      userId: row!.id,
      secretEncrypted: await encryptTotpSecret(TEST_AUTH_SECRET, secret),
      enabledAt: new Date(),
    });

    const second = await googleSignIn(email);
    expect(second.finalStatus, `${second.finalUrl} ${second.finalPage}`).toBe(302);
    expect(second.finalLocation).toBe("/auth/two-factor?from=%2Fdashboard");
    expect((await getAs(server, second, "/dashboard")).location).toBe("/auth/two-factor?from=%2Fdashboard");
    expect(JSON.parse((await getAs(server, second, "/api/auth/get-session")).body)).toBeNull();
    await awayFromStepEdge();
    expect((await submitChallenge(server, second, "totp", totpCode(secret))).status).toBe(302);
    expect(JSON.parse((await getAs(server, second, "/api/auth/get-session")).body)).toMatchObject({ user: { email } });
  });
});

/**
 * Drives 'Continue with Google' like a browser: the app's form, the provider's login and consent pages
 * (oidc-provider's dev interactions), back to the app's callback. Separate cookie jars per server.
 * Returns the app's last answer (its status and redirect).
 */
async function googleSignIn(email: string) {
  const appJar = new CookieJar();
  const providerJar = new CookieJar();
  const ip = nextClientIp();
  let response = await postForm(
    server,
    "/login",
    { intent: "oauth", provider: "google", from: "/dashboard" },
    { jar: appJar, ip },
  );
  expect(response.status).toBe(302);
  let url = new URL(response.headers.get("location")!, server.origin);
  await response.arrayBuffer();
  for (let hops = 0; hops < 20; hops += 1) {
    const atApp = url.origin === server.origin;
    const jar = atApp ? appJar : providerJar;
    const headers: Record<string, string> = { cookie: jar.header() };
    if (atApp) headers["x-forwarded-for"] = ip;
    response = await fetch(url, { redirect: "manual", headers });
    jar.store(response);
    const location = response.headers.get("location");
    if (atApp && (response.status === 200 || location?.startsWith("/auth/two-factor"))) {
      const page = await response.text();
      const title = /<title>([^<]*)<\/title>/.exec(page)?.[1] ?? "";
      const status = /role="status"[^>]*>(.*?)<\/p>/s.exec(page)?.[1]?.replace(/<[^>]+>/g, "") ?? "";
      return {
        jar: appJar,
        ip,
        finalUrl: url.toString(),
        finalStatus: response.status,
        finalLocation: location,
        finalPage: `${title}: ${status}`,
      };
    }
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

describe("cross-user isolation", () => {
  it("B cannot terminate A's session (404) and A stays signed in", async () => {
    const a = await createCreator("alice");
    const b = await createCreator("bob");
    const [aSession] = await sessionIds(a.id);
    const response = await postSecurity(server, b, { intent: "terminate-session", sessionId: aSession! });
    expect(response.status).toBe(404);
    await response.arrayBuffer();
    expect(await sessionIds(a.id)).toEqual([aSession]);
    expect((await getAs(server, a, "/dashboard")).status).toBe(200);
    expect(await events(b.id, "session_terminated")).toHaveLength(0);
    // terminate-other-sessions by B leaves A alone as well.
    await (await postSecurity(server, b, { intent: "terminate-other-sessions" })).arrayBuffer();
    expect((await getAs(server, a, "/dashboard")).status).toBe(200);
  });

  it("B's security page never shows A's events or sessions", async () => {
    // A registers (its account's events: created, verified, signed in) …
    const a = await createCreator("alice", { registered: true });
    const b = await createCreator("bob");
    // … and has a few more, one of them alarming.
    await (await postSecurity(server, a, { intent: "enable-2fa", password: "Wrong&Password1" })).arrayBuffer();
    await (await getAs(server, a, "/security-settings")).body;
    const aEvents = await events(a.id);
    const aSessions = await sessionIds(a.id);
    expect(aEvents.length).toBeGreaterThan(2);

    const bRecent = (await events(b.id)).sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime()).slice(0, 3);
    const page = await getAs(server, b, "/security-settings");
    expect(page.status).toBe(200);
    expect(page.body).toContain(b.ip);
    for (const event of bRecent) expect(page.body).toContain(event.id); // B's own sessions and events are there…
    expect(page.body).not.toContain(a.ip); // …A's never.
    expect(page.body).not.toContain(a.email);
    for (const event of aEvents) expect(page.body).not.toContain(event.id);
    for (const id of aSessions) expect(page.body).not.toContain(id);
  });

  it("B's export holds only B's data", async () => {
    const a = await createCreator("alice");
    const b = await createCreator("bob");
    await (await postSecurity(server, a, { intent: "enable-2fa", password: "Wrong&Password1" })).arrayBuffer();
    const response = await postForm(server, "/security-settings/export", {}, { jar: b.jar, ip: b.ip });
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body.profile.email).toBe(b.email);
    expect(body.securityLogs.length).toBeGreaterThan(0);
    for (const log of body.securityLogs) expect([b.ip, null]).toContain(log.ipAddress);
    expect(body.sessions).toHaveLength((await sessionIds(b.id)).length);
    expect(text).not.toContain(a.email);
    expect(text).not.toContain(a.ip);
    expect(text).not.toContain(a.id);
    for (const id of await sessionIds(a.id)) expect(text).not.toContain(id);
  });
});

describe("export", () => {
  it("is a JSON download with exactly profile, securityLogs, sessions, exportedAt, note — and no secret of any kind", async () => {
    const { creator, secret, codes } = await creatorWithTwoFactor();
    const response = await postForm(server, "/security-settings/export", {}, { jar: creator.jar, ip: creator.ip });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="sellkit-security-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const body = JSON.parse(text);
    expect(Object.keys(body).sort()).toEqual(["exportedAt", "note", "profile", "securityLogs", "sessions"]);
    expect(new Date(body.exportedAt).toISOString()).toBe(body.exportedAt);
    expect(body.profile).toMatchObject({ email: creator.email, firstName: "Ada" });
    expect(body.securityLogs.map((log: { eventType: string }) => log.eventType)).toContain("2fa_enabled");
    expect(body.sessions.length).toBeGreaterThan(0);

    // No field that could carry a credential (a count such as details.backupCodes is a number, not a code).
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") {
        for (const [key, inner] of Object.entries(value)) {
          expect(key).not.toMatch(/token|password|secret|hash/i);
          if (/code/i.test(key)) expect(typeof inner).toBe("number");
          walk(inner);
        }
      }
    };
    walk(body);

    const tokens = await server.db.select({ token: session.token }).from(session).where(eq(session.userId, creator.id));
    for (const { token } of tokens) expect(text).not.toContain(token);
    const [credential] = await server.db
      .select({ hash: account.password })
      .from(account)
      .where(eq(account.userId, creator.id));
    expect(text).not.toContain(credential!.hash!);
    expect(text).not.toContain(CREATOR_PASSWORD);
    const [row] = await server.db.select().from(twoFactor).where(eq(twoFactor.userId, creator.id));
    expect(text).not.toContain(secret);
    expect(text).not.toContain(row!.secretEncrypted);
    for (const code of codes) {
      expect(text).not.toContain(code);
      expect(text).not.toContain(code.replace("-", ""));
    }
    for (const { codeHash } of await server.db.select().from(backupCodes).where(eq(backupCodes.userId, creator.id)))
      expect(text).not.toContain(codeHash);
    expect(await events(creator.id, "data_exported")).toHaveLength(1);
  });

  it("GET changes nothing and downloads nothing (405); signed out is sent to /auth", async () => {
    const creator = await createCreator();
    const get = await getAs(server, creator, "/security-settings/export");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(await events(creator.id, "data_exported")).toHaveLength(0);
    const anonymous = await server.request("/security-settings/export", { method: "POST" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/auth?from=%2Fsecurity-settings%2Fexport");
  });
});

describe("cleanup", () => {
  it("removes the user's expired sessions and events older than 90 days, keeps the rest and other users' rows", async () => {
    const me = await createCreator();
    const other = await createCreator();
    const day = 86_400_000;
    const expired = (userId: string, suffix: string) => ({
      id: `expired-${suffix}-${userId}`,
      token: `expired-token-${suffix}-${userId}`,
      userId,
      expiresAt: new Date(Date.now() - day),
    });
    await server.db.insert(session).values([expired(me.id, "1"), expired(me.id, "2"), expired(other.id, "1")]);
    const old = (userId: string, ageDays: number) => ({
      userId,
      eventType: `test_event_${ageDays}`,
      eventCategory: "test",
      severity: "low",
      riskScore: 0,
      createdAt: new Date(Date.now() - ageDays * day),
    });
    await server.db.insert(securityAudit).values([old(me.id, 91), old(me.id, 365), old(me.id, 89), old(other.id, 91)]);
    const mySessionsBefore = await sessionIds(me.id);

    const response = await postSecurity(server, me, { intent: "cleanup-data" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Data cleanup completed");

    expect((await sessionIds(me.id)).sort()).toEqual(
      mySessionsBefore.filter((id) => !id.startsWith("expired-")).sort(),
    );
    expect(await sessionIds(other.id)).toContain(`expired-1-${other.id}`);
    const mine = (await events(me.id)).map((e) => e.eventType);
    expect(mine).not.toContain("test_event_91");
    expect(mine).not.toContain("test_event_365");
    expect(mine).toContain("test_event_89");
    expect(mine).toContain("authorized_access");
    expect((await events(other.id)).map((e) => e.eventType)).toContain("test_event_91");
    const [cleanup] = await events(me.id, "data_cleanup");
    expect(cleanup!.details).toMatchObject({ removed: { sessions: 2, events: 2 } });
    expect((await getAs(server, me, "/dashboard")).status).toBe(200);
  });
});

describe("terminating sessions", () => {
  it("a terminated session of the same user is signed out at its next request; the current one cannot be terminated", async () => {
    const creator = await createCreator();
    const known = await sessionIds(creator.id);
    const laptop = await passwordSignIn(server, creator.email);
    expect(laptop.response.status).toBe(302);
    const laptopSession = await newestSessionId(creator.id, known);
    expect((await getAs(server, laptop, "/dashboard")).status).toBe(200);

    const response = await postSecurity(server, creator, { intent: "terminate-session", sessionId: laptopSession });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const after = await getAs(server, laptop, "/dashboard");
    expect(after.status).toBe(302);
    expect(after.location).toBe("/auth?from=%2Fdashboard");
    const [ended] = await events(creator.id, "session_terminated");
    expect(ended!.details).toMatchObject({ sessionIp: laptop.ip });

    const self = await postSecurity(server, creator, { intent: "terminate-session", sessionId: known[0]! });
    expect(self.status).toBe(404);
    await self.arrayBuffer();
    expect((await getAs(server, creator, "/dashboard")).status).toBe(200);
  });

  it("terminate-other-sessions ends every other session and keeps the current one", async () => {
    const creator = await createCreator();
    const others = [await passwordSignIn(server, creator.email), await passwordSignIn(server, creator.email)];
    for (const other of others) expect((await getAs(server, other, "/dashboard")).status).toBe(200);
    const response = await postSecurity(server, creator, { intent: "terminate-other-sessions" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("2 other sessions signed out");
    for (const other of others)
      expect((await getAs(server, other, "/dashboard")).location).toBe("/auth?from=%2Fdashboard");
    expect((await getAs(server, creator, "/dashboard")).status).toBe(200);
    expect(await sessionIds(creator.id)).toHaveLength(1);
    expect(await events(creator.id, "other_sessions_terminated")).toHaveLength(1);
  });
});

describe("CSRF and headers", () => {
  it("refuses state-changing POSTs from a foreign Origin (403) and changes nothing", async () => {
    const creator = await createCreator();
    const other = await passwordSignIn(server, creator.email);
    const sessionsBefore = (await sessionIds(creator.id)).sort();
    const eventsBefore = (await events(creator.id)).length;
    const foreign = { origin: "https://evil.example", cookie: creator.jar.header(), "x-forwarded-for": creator.ip };
    const forms: Record<string, string>[] = [
      { intent: "terminate-other-sessions" },
      { intent: "cleanup-data" },
      { intent: "enable-2fa", password: CREATOR_PASSWORD },
      { intent: "terminate-session", sessionId: sessionsBefore[0]! },
    ];
    for (const fields of forms) {
      const response = await server.request("/security-settings", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: foreign,
      });
      expect(response.status, fields.intent).toBe(403);
      await response.arrayBuffer();
    }
    const exported = await server.request("/security-settings/export", { method: "POST", headers: foreign });
    expect(exported.status).toBe(403);
    expect(await exported.text()).not.toContain(creator.email);
    // A pending session's challenge is protected the same way.
    const { creator: tfa, secret } = await creatorWithTwoFactor();
    const pending = await pendingSignIn(tfa.email);
    const challenge = await server.request("/auth/two-factor?from=%2Fdashboard", {
      method: "POST",
      body: new URLSearchParams({ method: "totp", code: totpCode(secret) }),
      headers: { origin: "https://evil.example", cookie: pending.jar.header(), "x-forwarded-for": pending.ip },
    });
    expect(challenge.status).toBe(403);
    expect((await getAs(server, pending, "/dashboard")).location).toBe("/auth/two-factor?from=%2Fdashboard");

    expect((await sessionIds(creator.id)).sort()).toEqual(sessionsBefore);
    expect((await getAs(server, other, "/dashboard")).status).toBe(200);
    expect(await server.db.select().from(twoFactor).where(eq(twoFactor.userId, creator.id))).toHaveLength(0);
    const types = (await events(creator.id)).slice(eventsBefore).map((e) => e.eventType);
    expect(
      types.filter((type) =>
        ["data_cleanup", "data_exported", "other_sessions_terminated", "session_terminated"].includes(type),
      ),
    ).toEqual([]);
  });

  it("sets the security headers on the security pages, the challenge, the event stream and the export", async () => {
    const creator = await createCreator();
    const { creator: tfa } = await creatorWithTwoFactor();
    const pending = await pendingSignIn(tfa.email);
    const controller = new AbortController();
    const responses = {
      "/security-settings": await server.request("/security-settings", { headers: { cookie: creator.jar.header() } }),
      "/auth/two-factor": await server.request("/auth/two-factor?from=%2Fdashboard", {
        headers: { cookie: pending.jar.header() },
      }),
      "/api/security/events": await server.request("/api/security/events", {
        headers: { cookie: creator.jar.header() },
        signal: controller.signal,
      }),
      "/api/security/events (401)": await server.request("/api/security/events"),
      "/security-settings/export": await postForm(
        server,
        "/security-settings/export",
        {},
        { jar: creator.jar, ip: creator.ip },
      ),
    };
    for (const [path, response] of Object.entries(responses)) {
      expect(response.status, path).toBeLessThan(500);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toMatch(/script-src 'self'/);
      expect(csp, path).not.toContain("'unsafe-inline' 'unsafe-eval'");
    }
    expect(responses["/api/security/events"].status).toBe(200);
    expect(responses["/api/security/events"].headers.get("content-type")).toContain("text/event-stream");
    expect(responses["/api/security/events (401)"].status).toBe(401);
    controller.abort();
    for (const [path, response] of Object.entries(responses))
      if (path !== "/api/security/events") await response.arrayBuffer();
  });
});

describe("hostile bodies", () => {
  const FIELDS = ["intent", "password", "code", "sessionId", "method", "from", "userId", "__proto__", "constructor"];
  const INTENTS = [
    "enable-2fa",
    "verify-2fa",
    "disable-2fa",
    "terminate-session",
    "terminate-other-sessions",
    "cleanup-data",
    "nope",
    "__proto__",
    "hasOwnProperty",
  ];
  const value = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ unit: "grapheme", maxLength: 40 }),
    fc.constantFrom(
      "",
      " ",
      "x".repeat(20_000),
      "123456",
      "ABCDE-FGHJK",
      "abcde fghjk",
      "totp",
      "backup",
      "00000000-0000-0000-0000-000000000000",
      "' or 1=1 --",
      "\u0000",
      "{}",
      "[]",
      "-1",
      "1e309",
    ),
  );

  it("POST /security-settings (signed in and signed out) and /auth/two-factor (pending) never answer 5xx", async () => {
    const creator = await createCreator();
    const { creator: tfa } = await creatorWithTwoFactor();
    const pending = await pendingSignIn(tfa.email);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("settings", "settings-anonymous", "challenge", "challenge-anonymous"),
        fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }),
        fc.constantFrom(...INTENTS),
        fc.constantFrom("totp", "backup", "sms", ""),
        fc.constantFrom("urlencoded", "multipart", "json", "text", "garbage"),
        async (target, fields, intent, method, encoding) => {
          const challenge = target.startsWith("challenge");
          const entries = Object.entries(challenge ? { method, ...fields } : { intent, ...fields });
          const { body, headers } = hostileBody(entries, encoding, "code");
          const actor = challenge ? pending : creator;
          if (!target.endsWith("anonymous")) headers.cookie = actor.jar.header();
          headers["x-forwarded-for"] = nextClientIp();
          const path = challenge ? "/auth/two-factor?from=%2Fdashboard" : "/security-settings";
          const response = await server.request(path, { method: "POST", body, headers });
          await response.arrayBuffer();
          expect(response.status, `${target} ${encoding} ${JSON.stringify(entries).slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 250 },
    );
    // The creator is still signed in, and the 2FA user's backup codes are all unused.
    expect((await getAs(server, creator, "/dashboard")).status).toBe(200);
    expect(
      await server.db
        .select()
        .from(backupCodes)
        .where(and(eq(backupCodes.userId, tfa.id), isNotNull(backupCodes.usedAt))),
    ).toHaveLength(0);
  });

  it("hostile query strings on the challenge and the stream never answer 5xx", async () => {
    const { creator: tfa } = await creatorWithTwoFactor();
    const pending = await pendingSignIn(tfa.email);
    for (const query of [
      "?from=//evil.example",
      "?from=%00%ff",
      `?from=${"x".repeat(5000)}`,
      "?method=backup&from=javascript:alert(1)",
      "?method[]=x",
    ]) {
      for (const path of ["/auth/two-factor", "/api/security/events", "/security-settings"]) {
        const response = await getAs(server, pending, path + query);
        expect(response.status, path + query).toBeLessThan(500);
        if (response.location) expect(response.location, path + query).toMatch(/^\/(?!\/)/);
      }
    }
    const stillPending = await server.db
      .select()
      .from(session)
      .where(inArray(session.userId, [tfa.id]));
    expect(stillPending.some((row) => row.secondFactorVerifiedAt === null)).toBe(true);
  });
});
