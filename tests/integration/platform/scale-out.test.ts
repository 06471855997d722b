import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/server/rate-limit/consume-rate-limit.server";
import { solvedCaptcha } from "../../support/captcha";
import { startTestServer, type TestServer } from "../../support/test-server";

// Two app instances on one PostgreSQL database (the deployment shape of docs/operations.md). Only possible
// with a PostgreSQL server (CI sets TEST_DATABASE_URL): PGlite lives inside one process. Sessions, events
// and termination across instances are proven in security-events-stream.test.ts; this file covers the
// shared limits and single-use tokens.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("scale-out: two instances on one PostgreSQL", () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    a = await startTestServer({ TRUSTED_PROXIES: "loopback" });
    b = await startTestServer({ TRUSTED_PROXIES: "loopback" }, { databaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  const signIn = (server: TestServer, ip: string, email = "nobody@example.com") =>
    server.request("/login", {
      method: "POST",
      body: new URLSearchParams({ intent: "sign-in", email, password: "Wrong&Password1" }),
      headers: { "x-forwarded-for": ip },
    });

  it("rate limits count across both instances", async () => {
    const ip = "203.0.113.200";
    const half = Math.ceil(RATE_LIMITS.signIn.limit / 2);
    for (let attempt = 0; attempt < RATE_LIMITS.signIn.limit; attempt += 1) {
      const response = await signIn(attempt < half ? a : b, ip);
      expect(response.status).toBe(400);
    }
    expect((await signIn(a, ip)).status).toBe(429);
    expect((await signIn(b, ip)).status).toBe(429);
    expect((await signIn(b, "203.0.113.201", "somebody@example.com")).status).toBe(400); // another visitor is not affected
  });

  it("a captcha solved once cannot be used again on the other instance", async () => {
    const captcha = await solvedCaptcha(a.origin);
    const body = (email: string) =>
      new URLSearchParams({
        intent: "register",
        firstName: "Ada",
        lastName: "Lovelace",
        email,
        dateOfBirth: "1990-12-10",
        password: "Str0ng&Unusual!",
        confirmPassword: "Str0ng&Unusual!",
        captcha,
      });
    const first = await a.request("/auth?tab=register", {
      method: "POST",
      body: body("one@example.com"),
      headers: { "x-forwarded-for": "203.0.113.210" },
    });
    expect(first.status).toBe(302);
    const replay = await b.request("/auth?tab=register", {
      method: "POST",
      body: body("two@example.com"),
      headers: { "x-forwarded-for": "203.0.113.211" },
    });
    expect(replay.status).toBe(400);
  });
});
