import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages } from "~/db/schema";
import { startMailCatcher, type MailCatcher } from "../support/mail-catcher";
import { startTestServer, type TestServer } from "../support/test-server";

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

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url, SUPPORT_EMAIL: SUPPORT });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});
beforeEach(() => {
  mail.messages.length = 0;
});

describe("POST /contact", () => {
  it("stores the message and mails it to support through SMTP", async () => {
    const response = await server.request("/contact", {
      method: "POST",
      body: form({ name: "Ada Lovelace", email: "ada@example.com", subject: "Payout question", message: "When do payouts arrive?" }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you for your message!");

    const [row] = await server.db.select().from(contactMessages).where(eq(contactMessages.email, "ada@example.com"));
    expect(row).toMatchObject({ name: "Ada Lovelace", subject: "Payout question", message: "When do payouts arrive?", ipAddress: "127.0.0.1" });

    await expect.poll(() => mail.messages.length).toBe(1);
    const [message] = mail.messages;
    expect(message?.to).toEqual([SUPPORT]);
    expect(message?.replyTo).toContain("ada@example.com");
    expect(message?.subject).toBe("[Contact] Payout question");
    expect(message?.text).toContain("When do payouts arrive?");
  });

  it("answers 400 with every field's message for an empty form, and stores nothing", async () => {
    const before = await storedCount();
    const response = await server.request("/contact", { method: "POST", body: form({ name: "", email: "nope", subject: "", message: "" }) });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const text of ["Please enter your name", "Please enter a valid email address", "Please enter a subject", "Please enter your message"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('value="nope"'); // what the visitor typed is kept
    expect(await storedCount()).toBe(before);
    expect(mail.messages).toHaveLength(0);
  });

  it("refuses a cross-site post (foreign or missing Origin) before anything runs", async () => {
    const body = form({ name: "Eve", email: "eve@example.com", subject: "Hi", message: "Forged" });
    const before = await storedCount();
    const foreign = await server.request("/contact", { method: "POST", body, headers: { origin: "https://evil.example" } });
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
    const field = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "grapheme", maxLength: 50 }), fc.constant("x".repeat(20_000)));
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom("name", "email", "subject", "message", "intent", "emailVerified", "__proto__"), field),
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
    const response = await server.request("/contact", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("this request is not form data");
  });
});
