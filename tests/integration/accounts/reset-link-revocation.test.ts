import { beforeEach, describe, expect, it } from "vitest";
import { solvedCaptcha } from "../../support/captcha";
import { nextClientIp } from "../../support/client-ip";
import { postForm } from "../../support/form-post";
import type { MailCatcher } from "../../support/mail-catcher";
import { CREATOR_PASSWORD, createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import type { TestServer } from "../../support/test-server";
import { serverWithMail } from "../../support/server-with-mail";

// With three reset links requested, resetting with the first refused the first afterwards, but the
// second reset the password again and the third still showed 'Reset link verified'. A reset, a password change
// and an email change must invalidate every outstanding reset link and magic link of the account.

const NEW_PASSWORD = "N3w&Distinct!pw";
const OTHER_PASSWORD = "Th1rd&Unusual!pw";
let mail: MailCatcher;
let server: TestServer;
let counter = 0;

serverWithMail({ TRUSTED_PROXIES: "loopback" }, (started) => {
  ({ mail, server } = started);
});
beforeEach(() => {
  mail.messages.length = 0;
});

function createCreator(): Promise<SignedInCreator> {
  counter += 1;
  return createSignedInCreator(server, { email: `links-${counter}@example.com` });
}

/** Every link in the mails to `to` whose subject contains `subject`, oldest first. */
function linksIn(to: string, subject: string): string[] {
  return mail.messages
    .filter((m) => m.to.includes(to) && m.subject.includes(subject))
    .map((m) => /(http:\/\/127\.0\.0\.1:\d+\/\S+)/.exec(m.text)?.[1])
    .filter((link): link is string => Boolean(link));
}

async function waitForLinks(to: string, subject: string, n: number): Promise<string[]> {
  await expect.poll(() => linksIn(to, subject).length, { timeout: 10_000 }).toBe(n);
  return linksIn(to, subject);
}

/** Asks for `n` reset links for `email` (as three visits of the forgot-password page) and returns their tokens. */
async function requestResetTokens(email: string, n: number): Promise<string[]> {
  for (let i = 0; i < n; i += 1) {
    const response = await postForm(
      server,
      "/forgot-password",
      { email, captcha: await solvedCaptcha(server.origin) },
      { ip: nextClientIp() },
    );
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }
  const links = await waitForLinks(email, "Reset your Sellkit password", n);
  return links.map((link) => /\/reset-password\/([^?]+)/.exec(link)![1]!);
}

async function requestMagicLink(email: string): Promise<string> {
  const response = await postForm(server, "/login", { intent: "magic-link", email }, { ip: nextClientIp() });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  const [link] = await waitForLinks(email, "sign-in link", 1);
  return new URL(link!).searchParams.get("token")!;
}

/** What the reset page says when the emailed link lands on it (its loader's message). */
async function openResetLink(token: string): Promise<string> {
  const response = await server.request(`/reset-password?token=${encodeURIComponent(token)}`, {
    headers: { "x-forwarded-for": nextClientIp() },
  });
  const html = await response.text();
  return (
    /Reset link verified|Invalid or expired reset link|Invalid reset link/.exec(html)?.[0] ??
    `(status ${response.status}, no reset message)`
  );
}

function resetWith(token: string, password: string) {
  return postForm(server, "/reset-password", { token, password, confirmPassword: password }, { ip: nextClientIp() });
}

/** Whether the magic link signs in (a session cookie and no error in the redirect). */
async function magicLinkSignsIn(token: string): Promise<boolean> {
  const response = await server.request(`/verify?token=${encodeURIComponent(token)}`, {
    headers: { "x-forwarded-for": nextClientIp() },
  });
  await response.arrayBuffer();
  return response.headers.getSetCookie().some((c) => c.startsWith("sellkit.session_token=") && !/max-age=0/i.test(c));
}

function signIn(email: string, password: string) {
  return postForm(server, "/login", { intent: "sign-in", email, password }, { ip: nextClientIp() });
}

describe("a password reset", () => {
  it("refuses every other reset link of the account afterwards ('Invalid or expired reset link')", async () => {
    const creator = await createCreator();
    const [first, second, third] = await requestResetTokens(creator.email, 3);
    expect(await openResetLink(third!)).toBe("Reset link verified");

    const reset = await resetWith(first!, NEW_PASSWORD);
    expect(reset.status).toBe(200);
    await reset.arrayBuffer();

    expect(await openResetLink(third!)).toBe("Invalid or expired reset link");
    const again = await resetWith(second!, OTHER_PASSWORD);
    expect(again.status).toBe(400);
    expect((await again.text()).includes("Invalid or expired reset link")).toBe(true);
    // The password is the one set with the first link.
    expect((await signIn(creator.email, OTHER_PASSWORD)).status).toBe(400);
    expect((await signIn(creator.email, NEW_PASSWORD)).status).toBe(302);
  });

  it("also ends an outstanding magic link of the account, and leaves other accounts' links alone", async () => {
    const creator = await createCreator();
    const bystander = await createCreator();
    const magic = await requestMagicLink(creator.email);
    const bystanderMagic = await requestMagicLink(bystander.email);
    const [bystanderReset] = await requestResetTokens(bystander.email, 1);
    const [token] = await requestResetTokens(creator.email, 1);
    expect((await resetWith(token!, NEW_PASSWORD)).status).toBe(200);
    expect(await magicLinkSignsIn(magic)).toBe(false);
    expect(await magicLinkSignsIn(bystanderMagic)).toBe(true);
    expect(await openResetLink(bystanderReset!)).toBe("Reset link verified");
  });

  it("that fails (too short a password) keeps the links", async () => {
    const creator = await createCreator();
    const [first, second] = await requestResetTokens(creator.email, 2);
    expect((await resetWith(first!, "abc")).status).toBe(400);
    expect(await openResetLink(second!)).toBe("Reset link verified");
    expect(await openResetLink(first!)).toBe("Reset link verified");
  });
});

describe("a password change in settings", () => {
  it("refuses the reset links and magic links asked for before it", async () => {
    const creator = await createCreator();
    const [token] = await requestResetTokens(creator.email, 1);
    const magic = await requestMagicLink(creator.email);
    const changed = await postForm(
      server,
      "/settings",
      {
        intent: "change-password",
        currentPassword: CREATOR_PASSWORD,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      { jar: creator.jar, ip: creator.ip, multipart: true },
    );
    expect(changed.status).toBe(302);
    expect(await openResetLink(token!)).toBe("Invalid or expired reset link");
    expect((await resetWith(token!, OTHER_PASSWORD)).status).toBe(400);
    expect(await magicLinkSignsIn(magic)).toBe(false);
    expect((await signIn(creator.email, NEW_PASSWORD)).status).toBe(302);
  });
});

describe("an email change", () => {
  it("refuses the reset links and magic links asked for before it, once the new address is confirmed", async () => {
    const creator = await createCreator();
    const [token] = await requestResetTokens(creator.email, 1);
    const magic = await requestMagicLink(creator.email);
    const newEmail = `links-moved-${counter}@example.com`;
    const asked = await postForm(
      server,
      "/settings",
      { intent: "change-email", newEmail, currentPassword: CREATOR_PASSWORD },
      { jar: creator.jar, ip: creator.ip, multipart: true },
    );
    expect(asked.status).toBe(302);
    // Asking is not changing: the links still work until the new address is confirmed.
    expect(await openResetLink(token!)).toBe("Reset link verified");
    const [confirm] = await waitForLinks(newEmail, "Confirm your new email", 1);
    const opened = await server.request(new URL(confirm!).pathname + new URL(confirm!).search, {
      headers: { cookie: creator.jar.header(), "x-forwarded-for": creator.ip },
    });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/settings?email-changed=1");

    expect(await openResetLink(token!)).toBe("Invalid or expired reset link");
    expect((await resetWith(token!, OTHER_PASSWORD)).status).toBe(400);
    expect(await magicLinkSignsIn(magic)).toBe(false);
    expect((await signIn(newEmail, CREATOR_PASSWORD)).status).toBe(302);
  });
});
