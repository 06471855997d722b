import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CONFIRMATION_PER_TARGET } from "~/domains/customers/server/request-subscription.server";
import { createSeller, type Seller } from "../../support/checkout-seller";
import { postForm } from "../../support/form-post";
import type { CaughtMail, MailCatcher } from "../../support/mail-catcher";
import { serverWithMail } from "../../support/server-with-mail";
import type { TestServer } from "../../support/test-server";

// The bio page's email sign-up with double opt-in, against the real server and SMTP: a sign-up mails a confirmation
// link and nothing else; the owner's confirming records the consent and brings the welcome, whose List-Unsubscribe
// headers let a mail provider unsubscribe in one click (RFC 8058: a POST without an Origin).

let server: TestServer;
let mail: MailCatcher;
let seller: Seller;
let nextIp = 10;

serverWithMail({ STORE_PAGE_CACHE_SECONDS: "0", TRUSTED_PROXIES: "loopback" }, (started) => {
  ({ server, mail } = started);
});

beforeAll(async () => {
  seller = await createSeller(server.db);
  await server.db.execute(sql`insert into bio_pages (user_id, title) values (${seller.id}, 'Ada on the trail')`);
  await server.db.execute(
    sql`insert into bio_blocks (user_id, kind, title, position) values (${seller.id}, 'signup', 'Trail news', 0)`,
  );
});

const CONFIRM_SUBJECT = "Confirm your subscription to Ada on the trail";
const WELCOME_SUBJECT = "You're subscribed to Ada on the trail";

/** A sign-up on the bio page from a client address of its own, so the per-client captcha threshold is never met. */
function signUp(email: string) {
  nextIp += 1;
  return postForm(
    server,
    `/s/${seller.handle}/links/subscribe`,
    { email, consent: "on" },
    { ip: `198.51.100.${nextIp}` },
  );
}

const subjectsTo = (email: string) => mail.messages.filter((m) => m.to.includes(email)).map((m) => m.subject);

async function waitForMails(email: string, subject: string, count: number): Promise<CaughtMail[]> {
  await expect
    .poll(() => subjectsTo(email).filter((s) => s === subject).length, { timeout: 15_000, interval: 50 })
    .toBe(count);
  return mail.messages.filter((m) => m.to.includes(email) && m.subject === subject);
}

/** The confirmation link of the newest confirmation mail to `email`. */
async function confirmationLink(email: string, count = 1): Promise<string> {
  const mails = await waitForMails(email, CONFIRM_SUBJECT, count);
  const link = /(\/s\/[^/\s]+\/links\/confirm\/[A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text)?.[1];
  expect(link).toBeTruthy();
  return link!;
}

function confirm(link: string, ip = "203.0.113.50", userAgent = "Walker's phone") {
  return server.request(link, {
    method: "POST",
    headers: { "x-forwarded-for": ip, "user-agent": userAgent, "content-type": "application/x-www-form-urlencoded" },
    body: "",
  });
}

type SubscriberRow = {
  consent_text: string;
  consented_at: string;
  consent_ip: string | null;
  consent_user_agent: string | null;
  unsubscribed_at: string | null;
};

async function subscriber(email: string): Promise<SubscriberRow | undefined> {
  const result = await server.db.execute<SubscriberRow>(sql`
    select consent_text, consented_at::text, consent_ip, consent_user_agent, unsubscribed_at::text
    from customer_subscribers where seller_id = ${seller.id} and email = ${email}`);
  return result.rows[0];
}

/** The unsubscribe link of the newest welcome to `email`. */
const unsubscribeLinkOf = (welcome: CaughtMail) => /(\/unsubscribe\/[A-Za-z0-9_-]{32})/.exec(welcome.text)?.[1];

describe("the bio sign-up's double opt-in", () => {
  it("mails only a confirmation link; the owner's confirming subscribes them with their consent, then the welcome goes", async () => {
    const email = "walker@example.com";
    const answer = await signUp(email);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Check your email to confirm your subscription.");
    const link = await confirmationLink(email);
    expect(await subscriber(email)).toBeUndefined();
    const token = link.split("/").at(-1)!;
    const pending = await server.db.execute<{ token_hash: string; days: number }>(sql`
      select token_hash, extract(epoch from expires_at - now()) / 86400 as days
      from subscriber_confirmations where seller_id = ${seller.id} and email = ${email}`);
    expect(pending.rows[0]!.token_hash).toBe(createHash("sha256").update(token).digest("base64url"));
    expect(Number(pending.rows[0]!.days)).toBeGreaterThan(6.9);
    expect(Number(pending.rows[0]!.days)).toBeLessThanOrEqual(7);

    // A GET, as a mail scanner following the link, changes nothing.
    const page = await server.request(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm my subscription");
    expect(await subscriber(email)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(subjectsTo(email)).toEqual([CONFIRM_SUBJECT]);

    const confirmed = await confirm(link, "203.0.113.51", "Walker's phone");
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(`You&#x27;re subscribed: Ada on the trail will write to ${email}.`);
    expect(await subscriber(email)).toMatchObject({
      consent_text: expect.stringMatching(/unsubscribe at any time/),
      consent_ip: "203.0.113.51",
      consent_user_agent: "Walker's phone",
      unsubscribed_at: null,
    });
    await waitForMails(email, WELCOME_SUBJECT, 1);
    // The link works once.
    expect((await confirm(link)).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(subjectsTo(email)).toEqual([CONFIRM_SUBJECT, WELCOME_SUBJECT]);
  });

  it("re-subscribes an address that left only when its owner confirms: a sign-up keeps the unsubscribe and the consent", async () => {
    const email = "leaver@example.com";
    await signUp(email);
    expect((await confirm(await confirmationLink(email))).status).toBe(200);
    const [welcome] = await waitForMails(email, WELCOME_SUBJECT, 1);
    expect((await server.request(unsubscribeLinkOf(welcome!)!, { method: "POST", body: "" })).status).toBe(200);
    const left = await subscriber(email);
    expect(left?.unsubscribed_at).not.toBeNull();

    expect((await signUp(email)).status).toBe(200);
    const link = await confirmationLink(email, 2);
    expect(await subscriber(email)).toEqual(left);
    expect(subjectsTo(email).filter((s) => s === WELCOME_SUBJECT)).toHaveLength(1);

    expect((await confirm(link, "203.0.113.52", "Leaver's laptop")).status).toBe(200);
    const back = await subscriber(email);
    expect(back).toMatchObject({ unsubscribed_at: null, consent_ip: "203.0.113.52" });
    expect(Date.parse(back!.consented_at)).toBeGreaterThan(Date.parse(left!.consented_at));
    const welcomes = await waitForMails(email, WELCOME_SUBJECT, 2);
    expect(unsubscribeLinkOf(welcomes[1]!)).not.toBe(unsubscribeLinkOf(welcomes[0]!));
  });

  it("answers every address alike, whether new, waiting, subscribed or unsubscribed, and limits its confirmation mails", async () => {
    const texts = async (email: string) => {
      const response = await signUp(email);
      const status = /<p role="status">([^<]*)<\/p>/.exec(await response.text())?.[1];
      return { status: response.status, text: status };
    };
    const fresh = await texts("fresh@example.com");
    expect(fresh.text).toContain("Check your email to confirm your subscription.");
    for (const email of ["fresh@example.com", "walker@example.com", "leaver@example.com"])
      expect(await texts(email)).toEqual(fresh);

    const flooded = "flooded@example.com";
    for (let i = 0; i < CONFIRMATION_PER_TARGET.limit + 2; i++) expect(await texts(flooded)).toEqual(fresh);
    await waitForMails(flooded, CONFIRM_SUBJECT, CONFIRMATION_PER_TARGET.limit);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(subjectsTo(flooded)).toHaveLength(CONFIRMATION_PER_TARGET.limit);
  });

  it("refuses a link of another store's page and a made-up token", async () => {
    const other = await createSeller(server.db);
    await server.db.execute(sql`insert into bio_pages (user_id, title) values (${other.id}, 'Other')`);
    await signUp("crossed@example.com");
    const link = await confirmationLink("crossed@example.com");
    expect((await confirm(link.replace(seller.handle, other.handle))).status).toBe(404);
    expect((await confirm(link.replace(/[^/]+$/, "A".repeat(32)))).status).toBe(404);
    expect(await subscriber("crossed@example.com")).toBeUndefined();
    expect((await confirm(link)).status).toBe(200);
  });
});

describe("one-click unsubscribe", () => {
  it("puts List-Unsubscribe headers on the welcome; their POST without an Origin unsubscribes and answers 200", async () => {
    const email = "one-click@example.com";
    await signUp(email);
    const [confirmation] = await waitForMails(email, CONFIRM_SUBJECT, 1);
    expect(confirmation!.headers["list-unsubscribe"]).toBeUndefined();
    expect((await confirm(await confirmationLink(email))).status).toBe(200);
    const [welcome] = await waitForMails(email, WELCOME_SUBJECT, 1);
    const path = unsubscribeLinkOf(welcome!)!;
    expect(welcome!.headers["list-unsubscribe"]).toBe(`<${server.origin}${path}>`);
    expect(welcome!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    // As a mail provider sends it: no Origin, no cookie, the RFC's body.
    const response = await fetch(`${server.origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(response.status).toBe(200);
    expect((await subscriber(email))?.unsubscribed_at).not.toBeNull();
  });

  it("exempts only that POST from the Origin check: other paths, methods and malformed tokens are refused", async () => {
    const noOrigin = (path: string, method = "POST") =>
      fetch(`${server.origin}${path}`, {
        method,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
        redirect: "manual",
      });
    const token = "B".repeat(32);
    // A well-formed token passes the check, and the verb finds no subscription for it.
    expect((await noOrigin(`/unsubscribe/${token}`)).status).toBe(404);
    for (const path of [
      `/unsubscribe/${token}.data`,
      `/unsubscribe/${token}/more`,
      `/unsubscribe/${token.slice(1)}`,
      `/unsubscribe/${token}B`,
      `/unsubscribe/${"%41".repeat(32)}`,
      `/s/${seller.handle}/links/subscribe`,
      "/logout",
    ])
      expect((await noOrigin(path)).status, path).toBe(403);
    for (const method of ["PUT", "PATCH", "DELETE"])
      expect((await noOrigin(`/unsubscribe/${token}`, method)).status, method).toBe(403);
  });
});
