import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityAudit } from "~/kernel/audit/tables.server";
import { CookieJar } from "../../support/cookie-jar";
import { postForm } from "../../support/form-post";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import { CREATOR_PASSWORD, registerSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

let mail: MailCatcher;
let server: TestServer;
let ada: SignedInCreator;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" });
  // Made through registration: the rules read the account's own sign-in history.
  ada = await registerSignedInCreator(server, mail);
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

async function signIn(ip: string, userAgent: string, password = CREATOR_PASSWORD) {
  const jar = new CookieJar();
  const response = await server.request("/login", {
    method: "POST",
    body: new URLSearchParams({ intent: "sign-in", email: ada.email, password }),
    headers: { "x-forwarded-for": ip, "user-agent": userAgent },
  });
  jar.store(response);
  return response;
}

async function latest(eventType: string) {
  const [row] = await server.db
    .select({
      riskScore: securityAudit.riskScore,
      severity: securityAudit.severity,
      details: securityAudit.details,
      ipAddress: securityAudit.ipAddress,
    })
    .from(securityAudit)
    .where(and(eq(securityAudit.userId, ada.id), eq(securityAudit.eventType, eventType)))
    .orderBy(desc(securityAudit.createdAt))
    .limit(1);
  return row;
}

describe("sign-in risk rules", () => {
  const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
  const SAFARI =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

  it("scores a known browser and address 0, a new browser +3, a new address +2, and writes new_device_sign_in", async () => {
    expect((await signIn("192.0.2.10", FIREFOX)).status).toBe(302);
    expect((await signIn("192.0.2.10", FIREFOX)).status).toBe(302);
    expect(await latest("sign_in_success")).toMatchObject({
      riskScore: 0,
      details: expect.objectContaining({ newDevice: false, newIp: false }),
    });

    await signIn("192.0.2.10", SAFARI);
    expect(await latest("sign_in_success")).toMatchObject({
      riskScore: 3,
      details: expect.objectContaining({ newDevice: true, newIp: false }),
    });
    expect(await latest("new_device_sign_in")).toMatchObject({ riskScore: 3, severity: "medium" });

    await signIn(
      "192.0.2.99",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0",
    );
    expect(await latest("sign_in_success")).toMatchObject({
      riskScore: 5,
      severity: "medium",
      ipAddress: "192.0.2.99",
    });
  });

  it("adds +3 after three recent failed sign-ins with the account's email", async () => {
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await signIn("192.0.2.10", FIREFOX, "Wrong&Password1")).status).toBe(400);
    await signIn("192.0.2.10", FIREFOX);
    expect(await latest("sign_in_success")).toMatchObject({ riskScore: 3 });
  });

  it("scores the first sign-in of an account 0, whatever other accounts did", async () => {
    const bob = await registerSignedInCreator(server, mail);
    expect((await postForm(server, "/logout", {}, { jar: bob.jar, ip: bob.ip })).status).toBe(302);
    const [first] = await server.db
      .select({ riskScore: securityAudit.riskScore })
      .from(securityAudit)
      .where(and(eq(securityAudit.userId, bob.id), eq(securityAudit.eventType, "sign_in_success")));
    expect(first?.riskScore).toBe(0);
  });
});
