import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventOf, startErrorReportStandIn, type ErrorReportStandIn } from "../../support/error-report-stand-in";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

let standIn: ErrorReportStandIn;
let mail: MailCatcher;
let server: TestServer;

beforeAll(async () => {
  standIn = await startErrorReportStandIn();
  mail = await startMailCatcher();
  server = await startTestServer({
    SMTP_URL: mail.url,
    TRUSTED_PROXIES: "loopback",
    SENTRY_DSN: standIn.dsn,
    SENTRY_BROWSER_DSN: standIn.dsn,
  });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
  await standIn?.stop();
});

describe("error reporting (SENTRY_DSN, a local Sentry stand-in)", () => {
  it("reports a loader's unhandled error as a Sentry envelope, without cookie, token or email", async () => {
    const creator = await createSignedInCreator(server);
    const sessionCookie = creator.jar.header();
    const before = standIn.envelopes.length;
    // The settings page's read fails in a way no code path expects: its table is gone.
    await server.db.execute(sql`alter table business_profiles rename to business_profiles_away`);
    try {
      const response = await server.request(`/settings?token=abc123secret&email=${encodeURIComponent(creator.email)}`, {
        headers: { cookie: sessionCookie, "x-forwarded-for": creator.ip, authorization: "Bearer very-secret" },
      });
      expect(response.status).toBe(500);
    } finally {
      await server.db.execute(sql`alter table business_profiles_away rename to business_profiles`);
    }

    const envelope = await standIn.waitFor(
      (received) => eventOf(received)?.request?.url?.endsWith("/settings") ?? false,
    );
    expect(standIn.envelopes.length).toBeGreaterThan(before);
    expect(envelope.projectId).toBe("42");
    expect(envelope.sentryKey).toBe("stand-in-key");
    expect(envelope.contentType).toBe("application/x-sentry-envelope");
    expect(envelope.header.dsn).toBe(standIn.dsn);
    const event = eventOf(envelope)!;
    expect(envelope.header.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(event.platform).toBe("node");
    expect(event.exception.values[0]!.value).toContain("business_profiles");
    expect(event.exception.values[0]!.mechanism.type).toBe("react-router");
    expect(event.request).toMatchObject({ method: "GET", url: `${server.origin}/settings` });
    expect(Object.keys(event.request?.headers ?? {}).map((name) => name.toLowerCase())).not.toContain("cookie");
    // Nothing the visitor sent that identifies or authenticates them is anywhere in the report.
    const sessionToken = sessionCookie.split("; ").map((pair) => pair.slice(pair.indexOf("=") + 1));
    for (const secret of [creator.email, "abc123secret", "very-secret", creator.id, ...sessionToken]) {
      expect(envelope.raw).not.toContain(secret);
      expect(envelope.raw).not.toContain(encodeURIComponent(secret));
    }
  });

  it("reports an error once, and gives the browser its DSN and the right to send to it", async () => {
    const response = await server.request("/signup");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`<meta name="error-reporting-dsn" content="${standIn.dsn}"/>`);
    expect(response.headers.get("content-security-policy")).toMatch(new RegExp(`connect-src 'self' ${standIn.origin}`));
    // A prerendered page (no session cookie) carries it too.
    const home = await server.request("/");
    expect(await home.text()).toContain(`<meta name="error-reporting-dsn" content="${standIn.dsn}"/>`);
    expect(home.headers.get("content-security-policy")).toContain(standIn.origin);

    const error = new Error("boom");
    expect(server.services.errorReporter.capture(error, { mechanism: "test" })).toBe(true);
    expect(server.services.errorReporter.capture(error, { mechanism: "test" })).toBe(false);
    await server.services.errorReporter.flush();
  });
});
