import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/kernel/session/tables.server";
import { startHCaptchaStandIn } from "../../support/hcaptcha-stand-in";
import { startTestServer, type TestServer } from "../../support/test-server";

const SECRET = "stand-in-secret";
let standIn: Awaited<ReturnType<typeof startHCaptchaStandIn>>;
let server: TestServer;

beforeAll(async () => {
  standIn = await startHCaptchaStandIn({ secret: SECRET });
  server = await startTestServer({
    CAPTCHA_PROVIDER: "hcaptcha",
    HCAPTCHA_SITE_KEY: "site-key",
    HCAPTCHA_SECRET: SECRET,
    HCAPTCHA_VERIFY_URL: standIn.verifyUrl,
    HCAPTCHA_SCRIPT_URL: standIn.scriptUrl,
  });
});
afterAll(async () => {
  await server?.stop();
  await standIn?.stop();
});

async function signup(email: string, captcha: string) {
  const body = new URLSearchParams({
    intent: "signup",
    email,
    password: "Str0ng&Unusual!",
    confirmPassword: "Str0ng&Unusual!",
    captcha,
  });
  return server.request("/signup", { method: "POST", body });
}

async function exists(email: string) {
  const [row] = await server.db.select({ n: count() }).from(user).where(eq(user.email, email));
  return row!.n === 1;
}

describe("hCaptcha (CAPTCHA_PROVIDER=hcaptcha, local stand-in)", () => {
  it("accepts a token the provider issued, once", async () => {
    const token = await standIn.issueToken();
    expect((await signup("h1@example.com", token)).status).toBe(200);
    expect(await exists("h1@example.com")).toBe(true);
    const replay = await signup("h2@example.com", token);
    expect(replay.status).toBe(400);
    expect(await exists("h2@example.com")).toBe(false);
  });

  it("refuses a made-up token", async () => {
    expect((await signup("h3@example.com", "forged")).status).toBe(400);
    expect(await exists("h3@example.com")).toBe(false);
  });

  it("sends the widget's script origin and hCaptcha's frames in the CSP, and only the site key to the page", async () => {
    const response = await server.request("/signup");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(standIn.origin);
    expect(csp).toMatch(/frame-src [^;]*hcaptcha\.com/);
    const html = await response.text();
    expect(html).toContain("site-key");
    expect(html).not.toContain(SECRET);
  });
});
