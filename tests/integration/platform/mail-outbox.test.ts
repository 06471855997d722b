import { eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "~/db/ambient-transaction.server";
import { mailOutbox } from "~/db/tables.server";
import { createMailer } from "~/server/mail/create-mailer.server";
import { enqueueMailRequest } from "~/server/mail/mail-outbox.server";
import type { ComposeMail, Mailer } from "~/server/mail/mailer.server";
import { MAIL_MAX_ATTEMPTS } from "~/server/mail/mail-retry.server";
import { startMailWorker } from "~/server/mail/mail-worker.server";
import { solvedCaptcha } from "../../support/captcha";
import { nextClientIp } from "../../support/client-ip";
import { postForm } from "../../support/form-post";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import { createTestDatabase } from "../../support/test-database";
import { startTestServer, type TestServer } from "../../support/test-server";

const PASSWORD = "Str0ng&Unusual!";
const FROM = "Sellkit <no-reply@sellkit.local>";
const silent = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("an SMTP outage delays mail and loses none (real HTTP app)", () => {
  let mail: MailCatcher;
  let server: TestServer;
  beforeAll(async () => {
    mail = await startMailCatcher();
    server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" });
  });
  afterAll(async () => {
    await server?.stop();
    await mail?.stop();
  });

  it("keeps the verification mail while SMTP is down, retries with back-off, and delivers it once when SMTP is back", async () => {
    const email = `outage-${Date.now()}@example.com`;
    await mail.stop();

    const started = Date.now();
    const response = await postForm(
      server,
      "/auth?tab=register",
      {
        intent: "register",
        firstName: "Ada",
        lastName: "Lovelace",
        email,
        dateOfBirth: "1990-12-10",
        password: PASSWORD,
        confirmPassword: PASSWORD,
        captcha: await solvedCaptcha(server.origin),
      },
      { ip: nextClientIp() },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?tab=register&step=1.5");
    expect(Date.now() - started).toBeLessThan(5_000); // the answer never waits for SMTP

    const row = async () => (await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)))[0];
    // Two failed attempts: the first at once, the second 1 s later; the third is due 2 s after that.
    await expect.poll(async () => (await row())?.attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const waiting = (await row())!;
    expect(waiting.subject).toBe("Verify your email for Sellkit");
    expect(waiting.sentAt).toBeNull();
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);
    if (waiting.attempts === 2) {
      const dueAfterCreation = waiting.nextAttemptAt.getTime() - waiting.createdAt.getTime();
      expect(dueAfterCreation).toBeGreaterThanOrEqual(2_900); // 1 s + 2 s of back-off
      expect(dueAfterCreation).toBeLessThan(5_000);
    }
    expect(mail.messages.filter((m) => m.to.includes(email))).toHaveLength(0);

    await mail.restart();
    await expect.poll(() => mail.messages.some((m) => m.to.includes(email)), { timeout: 15_000 }).toBe(true);
    const verify = mail.messages.find((m) => m.to.includes(email))!;
    expect(verify.subject).toBe("Verify your email for Sellkit");
    expect(verify.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/\S+/);

    await sleep(1_500);
    expect(mail.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    const sent = (await row())!;
    expect(sent.sentAt).not.toBeNull();
    expect(sent.lockedUntil).toBeNull();
  });

  it("delivers a mail sent while SMTP is up at once", async () => {
    const started = Date.now();
    await server.services.mailer.send({ to: "fast@example.com", subject: "Fast", text: "Hello" });
    await expect
      .poll(() => mail.messages.some((m) => m.to.includes("fast@example.com")), { timeout: 2_000, interval: 10 })
      .toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe("mail outbox workers", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let mail: MailCatcher;
  beforeAll(async () => {
    database = await createTestDatabase();
    mail = await startMailCatcher();
  });
  afterAll(async () => {
    await mail?.stop();
    await database?.drop();
  });

  it("two instances' workers on one database never send a row twice", async () => {
    const preloaded = Array.from({ length: 30 }, (_, i) => ({
      to: `pre-${i}@example.com`,
      from: FROM,
      subject: `pre ${i}`,
      text: "queued before start",
    }));
    await database.db.insert(mailOutbox).values(preloaded);
    const first = createMailer({ smtpUrl: mail.url, from: FROM, db: database.db, logger: silent, pollIntervalMs: 200 });
    const second = createMailer({
      smtpUrl: mail.url,
      from: FROM,
      db: database.db,
      logger: silent,
      pollIntervalMs: 200,
    });
    try {
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          (i % 2 ? first : second).send({
            to: `live-${i}@example.com`,
            subject: `live ${i}`,
            text: "sent while both run",
          }),
        ),
      );
      await expect.poll(() => mail.messages.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(60);
      await sleep(1_000); // both keep polling: a second delivery would show now
      const subjects = mail.messages.map((m) => m.subject);
      expect(subjects).toHaveLength(60);
      expect(new Set(subjects).size).toBe(60);
      const rows = await database.db.select().from(mailOutbox);
      expect(rows).toHaveLength(60);
      expect(rows.every((r) => r.sentAt !== null && r.attempts === 0)).toBe(true);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("send() only stores the mail while SMTP is down; the row is kept with its error", async () => {
    const down = await startMailCatcher();
    await down.stop();
    const mailer = createMailer({ smtpUrl: down.url, from: FROM, db: database.db, logger: silent });
    try {
      await mailer.send({ to: "down@example.com", subject: "Down", text: "kept" });
      const row = async () =>
        (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "down@example.com")))[0];
      expect((await row())?.sentAt).toBeNull();
      await expect.poll(async () => (await row())?.lastError, { timeout: 5_000 }).toMatch(/ECONNREFUSED/);
      expect((await row())!.lastError).not.toContain("smtp://");
    } finally {
      await mailer.close();
    }
  });

  it("gives up after the maximum number of attempts: the row stays, is logged at error level, and is never tried again", async () => {
    const down = await startMailCatcher();
    await down.stop();
    const logs: { level: number; msg: string; mailId?: string }[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => logs.push(JSON.parse(line)) });
    const [row] = await database.db
      .insert(mailOutbox)
      .values({ to: "never@example.com", from: FROM, subject: "Never", text: "…", attempts: MAIL_MAX_ATTEMPTS - 1 })
      .returning({ id: mailOutbox.id });
    const mailer = createMailer({ smtpUrl: down.url, from: FROM, db: database.db, logger, pollIntervalMs: 100 });
    const attemptsOf = async (id: string) =>
      (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
    try {
      await expect.poll(async () => (await attemptsOf(row!.id)).attempts, { timeout: 5_000 }).toBe(MAIL_MAX_ATTEMPTS);
      expect(logs.some((l) => l.level === 50 && l.mailId === row!.id && /given up/.test(l.msg))).toBe(true);
      // Due again, yet never claimed: it was given up.
      await database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 60_000) })
        .where(eq(mailOutbox.id, row!.id));
      await sleep(500);
      const kept = await attemptsOf(row!.id);
      expect(kept.attempts).toBe(MAIL_MAX_ATTEMPTS);
      expect(kept.sentAt).toBeNull();
      expect(kept.lastError).toMatch(/ECONNREFUSED/);
    } finally {
      await mailer.close();
    }
  });

  it("close() stops the worker after the delivery in flight is recorded", async () => {
    await database.db.delete(mailOutbox); // only this test's rows
    const [row] = await database.db
      .insert(mailOutbox)
      .values({ to: "slow@example.com", from: FROM, subject: "Slow", text: "…" })
      .returning({ id: mailOutbox.id });
    const delivered: string[] = [];
    let inFlight!: () => void;
    const started = new Promise<void>((resolve) => (inFlight = resolve));
    const worker = startMailWorker({
      db: database.db,
      logger: silent,
      pollIntervalMs: 50,
      deliver: async (m) => {
        inFlight();
        await sleep(300);
        delivered.push(m.id);
      },
    });
    await started;
    await worker.close();
    expect(delivered).toEqual([row!.id]);
    const [stored] = await database.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, [row!.id]));
    expect(stored!.sentAt).not.toBeNull();
    // Stopped: a new row is not delivered any more.
    await database.db.insert(mailOutbox).values({ to: "later@example.com", from: FROM, subject: "Later", text: "…" });
    worker.kick();
    await sleep(200);
    expect(delivered).toEqual([row!.id]);
  });

  it("composes each mail request once across two workers, with the mail it makes, and retries a composer that failed", async () => {
    const inbox = await startMailCatcher();
    const requests = [
      ...Array.from({ length: 8 }, (_, i) => `known-${i}@example.com`),
      ...Array.from({ length: 4 }, (_, i) => `unknown-${i}@example.com`),
      "flaky@example.com",
    ];
    for (const to of requests) await enqueueMailRequest(database.db, FROM, { kind: "link", to });
    const composed: string[] = [];
    let flakyFailed = false;
    const workers: Mailer[] = [];
    const compose: ComposeMail = async ({ kind, to }) => {
      if (to === "flaky@example.com" && !flakyFailed) {
        flakyFailed = true;
        throw new Error("not now");
      }
      composed.push(to);
      if (!to.startsWith("unknown"))
        await workers[0]!.send({ to, subject: `composed ${kind}`, text: "made by the worker" });
    };
    workers.push(
      createMailer({ smtpUrl: inbox.url, from: FROM, db: database.db, logger: silent, pollIntervalMs: 200, compose }),
      createMailer({ smtpUrl: inbox.url, from: FROM, db: database.db, logger: silent, pollIntervalMs: 200, compose }),
    );
    try {
      // Rows left by the earlier tests are delivered too: only this test's recipients are counted.
      const delivered = () => inbox.messages.map((m) => m.to[0]!).filter((to) => requests.includes(to));
      await expect.poll(() => delivered().length, { timeout: 15_000 }).toBe(9);
      await sleep(500);
      expect(delivered().sort()).toEqual(requests.filter((to) => !to.startsWith("unknown")).sort());
      expect(composed.sort()).toEqual([...requests].sort());
      expect(flakyFailed).toBe(true);
      const left = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, requests));
      expect(left.filter((row) => row.compose !== null)).toEqual([]);
      expect(left.every((row) => row.sentAt !== null)).toBe(true);
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
      await inbox.stop();
    }
  });
  it("stores a mail's own headers with it, sends them on the wire, and keeps none once delivered", async () => {
    const inbox = await startMailCatcher();
    const mailer = createMailer({ smtpUrl: inbox.url, from: FROM, db: database.db, logger: silent });
    const url = "http://127.0.0.1/unsubscribe/AbCdEfGhIjKlMnOpQrStUvWxYz012345";
    try {
      await mailer.send({
        to: "listed@example.com",
        subject: "News",
        text: "Hello",
        headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
      await expect.poll(() => inbox.messages.length, { timeout: 5_000 }).toBe(1);
      expect(inbox.messages[0]!.headers).toMatchObject({
        "list-unsubscribe": `<${url}>`,
        "list-unsubscribe-post": "List-Unsubscribe=One-Click",
      });
      const row = async () =>
        (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "listed@example.com")))[0]!;
      await expect.poll(async () => (await row()).sentAt, { timeout: 5_000 }).not.toBeNull();
      // The unsubscribe token is a credential: erased with the body once sent.
      expect((await row()).headers).toBeNull();
    } finally {
      await mailer.close();
      await inbox.stop();
    }
  });
});

describe("without SMTP_URL the worker delivers into the dev mailbox", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it("stores each mail once in dev_mail", async () => {
    const { devMail } = await import("~/db/tables.server");
    const mailer = createMailer({ from: FROM, db: database.db, logger: silent });
    try {
      expect(mailer.kind).toBe("dev-mailbox");
      await mailer.send({ to: "dev@example.com", subject: "Dev", text: "Hello", replyTo: "reply@example.com" });
      await expect
        .poll(async () => (await database.db.select().from(devMail)).length, { timeout: 2_000, interval: 10 })
        .toBe(1);
      const [stored] = await database.db.select().from(devMail);
      expect(stored).toMatchObject({
        to: "dev@example.com",
        from: FROM,
        subject: "Dev",
        text: "Hello",
        replyTo: "reply@example.com",
      });
      await sleep(300);
      expect(await database.db.select().from(devMail)).toHaveLength(1);
    } finally {
      await mailer.close();
    }
  });

  // mailer.send() inside a transaction wakes the worker from that transaction's async context: the worker must not
  // inherit it (its queries would run on the transaction's connection, concurrently with the transaction's own —
  // pg's "client.query() when the client is already executing a query" — see the uncommitted mail and deliver it
  // before the commit, even when the transaction then rolls back, and keep using the connection after it is released).
  it("delivers a mail sent inside a transaction only once it commits, never over the transaction's connection", async () => {
    const { devMail } = await import("~/db/tables.server");
    const mailer = createMailer({ from: FROM, db: database.db, logger: silent });
    const delivered = async (to: string) => (await database.db.select().from(devMail).where(eq(devMail.to, to))).length;
    try {
      let seenInside = -1;
      await expect(
        inTransaction(database.db, async (tx) => {
          await mailer.send({ to: "rolled-back@example.com", subject: "Never", text: "Rolled back" });
          await sleep(300);
          seenInside = (await tx.select().from(devMail).where(eq(devMail.to, "rolled-back@example.com"))).length;
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(seenInside).toBe(0);

      await inTransaction(database.db, async (tx) => {
        await mailer.send({ to: "committed@example.com", subject: "Once", text: "Committed" });
        await sleep(300);
        seenInside = (await tx.select().from(devMail).where(eq(devMail.to, "committed@example.com"))).length;
      });
      expect(seenInside).toBe(0);
      await expect.poll(() => delivered("committed@example.com"), { timeout: 5_000, interval: 20 }).toBe(1);
      await sleep(300);
      expect(await delivered("rolled-back@example.com")).toBe(0);
      expect(await delivered("committed@example.com")).toBe(1);
    } finally {
      await mailer.close();
    }
  });
});
