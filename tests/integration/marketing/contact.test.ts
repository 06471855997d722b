import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages } from "~/domains/marketing/tables.server";
import { CONTACT_RATE_LIMITED_MESSAGE } from "~/domains/marketing/server/submit-contact-message.server";
import { RATE_LIMITS } from "~/server/rate-limit/consume-rate-limit.server";
import type { MailCatcher } from "../../support/mail-catcher";
import { startTestServer, type TestServer } from "../../support/test-server";
import { serverWithMail } from "../../support/server-with-mail";

const SUPPORT = "help@sellkit.test";
let mail: MailCatcher;
let server: TestServer;

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields);
}

async function storedCount() {
  const [row] = await server.db.select({ n: count() }).from(contactMessages);
  return row?.n ?? 0;
}

serverWithMail({ SUPPORT_EMAIL: SUPPORT }, (started) => {
  ({ mail, server } = started);
});
beforeEach(() => {
  mail.messages.length = 0;
});

describe("POST /contact", () => {
  it("stores the message and mails it to support through SMTP", async () => {
    const response = await server.request("/contact", {
      method: "POST",
      body: form({
        name: "Ada Lovelace",
        email: "ada@example.com",
        subject: "Payout question",
        message: "When do payouts arrive?",
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you for your message!");

    const [row] = await server.db.select().from(contactMessages).where(eq(contactMessages.email, "ada@example.com"));
    expect(row).toMatchObject({
      name: "Ada Lovelace",
      subject: "Payout question",
      message: "When do payouts arrive?",
      ipAddress: "127.0.0.1",
    });

    await expect.poll(() => mail.messages.length).toBe(1);
    const [message] = mail.messages;
    expect(message?.to).toEqual([SUPPORT]);
    expect(message?.replyTo).toContain("ada@example.com");
    expect(message?.subject).toBe("[Contact] Payout question");
    expect(message?.text).toContain("When do payouts arrive?");
  });

  it("answers 400 with every field's message for an empty form, and stores nothing", async () => {
    const before = await storedCount();
    const response = await server.request("/contact", {
      method: "POST",
      body: form({ name: "", email: "nope", subject: "", message: "" }),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const text of [
      "Please enter your name",
      "Please enter a valid email address",
      "Please enter a subject",
      "Please enter your message",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('value="nope"'); // what the visitor typed is kept
    expect(await storedCount()).toBe(before);
    expect(mail.messages).toHaveLength(0);
  });

  it("refuses a cross-site post (foreign or missing Origin) before anything runs", async () => {
    const body = form({ name: "Eve", email: "eve@example.com", subject: "Hi", message: "Forged" });
    const before = await storedCount();
    const foreign = await server.request("/contact", {
      method: "POST",
      body,
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    const missing = await fetch(`${server.origin}/contact`, { method: "POST", body });
    expect(missing.status).toBe(403);
    expect(await storedCount()).toBe(before);
  });

  it("thanks a bot that fills the hidden field but stores and mails nothing", async () => {
    const before = await storedCount();
    const response = await server.request("/contact", {
      method: "POST",
      body: form({ name: "Bot", email: "bot@example.com", subject: "Buy", message: "Spam", website: "http://spam" }),
    });
    expect(response.status).toBe(200);
    expect(await storedCount()).toBe(before);
    expect(mail.messages).toHaveLength(0);
  });

  it("never answers 5xx to generated hostile bodies, and stores only valid messages", async () => {
    const field = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: "grapheme", maxLength: 50 }),
      fc.constant("x".repeat(20_000)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom("name", "email", "subject", "message", "intent", "emailVerified", "__proto__"),
          field,
        ),
        fc.constantFrom("application/x-www-form-urlencoded", "multipart/form-data", "application/json", "text/plain"),
        async (fields, contentType) => {
          const before = await storedCount();
          const init: RequestInit = { method: "POST" };
          if (contentType === "multipart/form-data") {
            const data = new FormData();
            for (const [k, v] of Object.entries(fields)) data.append(k, v);
            init.body = data;
          } else if (contentType === "application/json") {
            init.body = JSON.stringify(fields);
            init.headers = { "content-type": contentType };
          } else {
            init.body = new URLSearchParams(fields).toString();
            init.headers = { "content-type": contentType };
          }
          const response = await server.request("/contact", init);
          await response.arrayBuffer();
          expect(response.status).toBeLessThan(500);
          const stored = (await storedCount()) - before;
          expect(stored).toBe(response.status === 200 ? 1 : 0);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("POST /contact with a body that is not form data", () => {
  it("answers 415 with a clear message", async () => {
    const response = await server.request("/contact", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("this request is not form data");
  });
});

// RATE_LIMITS.contact was defined but not used — 12 posts from one address were all stored and
// mailed. It now counts per client address and per sender email, in the database (shared by every instance).
describe("POST /contact rate limit", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ SMTP_URL: mail.url, SUPPORT_EMAIL: SUPPORT, TRUSTED_PROXIES: "loopback" });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  const post = (ip: string, email: string, subject: string) =>
    limited.request("/contact", {
      method: "POST",
      body: form({ name: "Ada", email, subject, message: "Hello" }),
      headers: { "x-forwarded-for": ip },
    });
  const stored = async (where: ReturnType<typeof eq>) =>
    (await limited.db.select({ n: count() }).from(contactMessages).where(where))[0]?.n ?? 0;

  it("stores and mails exactly the limit of 12 parallel posts from one address, and answers the rest 429 with a message", async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post("198.18.7.1", `one-ip-${i}@example.com`, `one-ip-${i}`)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMITS.contact.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - RATE_LIMITS.contact.limit);
    const refused = responses.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain(CONTACT_RATE_LIMITED_MESSAGE);
    expect(await stored(eq(contactMessages.ipAddress, "198.18.7.1"))).toBe(RATE_LIMITS.contact.limit);
  });

  it("limits one sender email across addresses", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.contact.limit + 2; i += 1) {
      const response = await post(`198.18.8.${i + 1}`, "same-sender@example.com", `same-sender-${i}`);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(RATE_LIMITS.contact.limit).fill(200), 429, 429]);
    expect(await stored(eq(contactMessages.email, "same-sender@example.com"))).toBe(RATE_LIMITS.contact.limit);
    // Another sender from another address is not affected.
    expect((await post("198.18.9.1", "someone-else@example.com", "unaffected")).status).toBe(200);
  });
});
