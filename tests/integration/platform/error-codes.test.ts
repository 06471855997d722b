import { describe, expect, it } from "vitest";
import { ERRORS } from "~/lib/errors";
import { RATE_LIMITS } from "~/server/rate-limit/consume-rate-limit.server";
import { solvedCaptcha } from "../../support/captcha";
import { nextClientIp } from "../../support/client-ip";
import { postForm } from "../../support/form-post";
import { postSecurity } from "../../support/security-center";
import { createSignedInCreator } from "../../support/signed-in-creator";
import type { TestServer } from "../../support/test-server";
import { serverWithMail } from "../../support/server-with-mail";

// Failures are codes of one catalogue that decides their status, field and message. Before it, the
// same re-authentication limit answered 429 in settings but 400 in the security center, and the forgot-password
// page and the error boundary decided by searching a message's text.

let server: TestServer;
let counter = 0;

serverWithMail({ TRUSTED_PROXIES: "loopback" }, (started) => {
  ({ server } = started);
});

async function statusesOf(send: () => Promise<Response>, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const response = await send();
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  return statuses;
}

describe("one status per failure, wherever it happens", () => {
  it("the re-authentication limit answers 429 in the security center as in settings", async () => {
    const limit = RATE_LIMITS.currentPassword.limit;
    counter += 1;
    const inSecurity = await createSignedInCreator(server, { email: `codes-security-${counter}@example.com` });
    const security = await statusesOf(
      () => postSecurity(server, inSecurity, { intent: "enable-2fa", password: "Wrong&Password1" }),
      limit + 1,
    );
    expect(security).toEqual([...Array(limit).fill(400), 429]);

    const inSettings = await createSignedInCreator(server, { email: `codes-settings-${counter}@example.com` });
    const settings = await statusesOf(
      () =>
        postForm(
          server,
          "/settings",
          {
            intent: "change-password",
            currentPassword: "Wrong&Password1",
            password: "N3w&Distinct!pw",
            confirmPassword: "N3w&Distinct!pw",
          },
          { jar: inSettings.jar, ip: inSettings.ip, multipart: true },
        ),
      limit + 1,
    );
    expect(settings).toEqual(security);
  });

  it("the forgot-password limit answers 429 with its code, which the page turns into the spec's message", async () => {
    const ip = nextClientIp();
    const statuses: number[] = [];
    let lastBody = "";
    for (let i = 0; i <= RATE_LIMITS.passwordReset.limit; i += 1) {
      const response = await postForm(
        server,
        "/forgot-password.data",
        { email: "reset-codes@example.com", captcha: await solvedCaptcha(server.origin) },
        { ip },
      );
      lastBody = await response.text();
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(lastBody).toContain("PASSWORD_RESET_RATE_LIMITED");
    expect(ERRORS.PASSWORD_RESET_RATE_LIMITED.message).toBe("Too many requests. Please wait before trying again.");
  });

  it("a body that is not form data shows the catalogue's message on the error page (decided by code)", async () => {
    const response = await server.request("/contact", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", accept: "text/html" },
    });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain(ERRORS.UNSUPPORTED_FORM.message);
  });
});
