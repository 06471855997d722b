import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertOrder } from "../../support/order-rows";
import { solvedCaptcha } from "../../support/captcha";
import { nextClientIp } from "../../support/client-ip";
import { postForm } from "../../support/form-post";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator } from "../../support/signed-in-creator";
import { createTestDatabase } from "../../support/test-database";
import { startTestServer, type TestServer } from "../../support/test-server";

// The reset, sign-in and lost-links mails were made after the answer, in memory: an instance that died after
// answering lost them. The answer now comes after the outbox row is stored, and any worker composes it later.

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

/** Runs `body` while the tables every link is written to are locked: no link can be made before it ends. */
async function withLinkTablesLocked<T>(body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query("begin");
    await client.query("lock table verification, order_access_tokens in access exclusive mode");
    return await body(client);
  } finally {
    await client.query("rollback").catch(() => {});
    await client.end();
  }
}

describe("link mails asked for just before a crash", () => {
  it("are in the outbox when the answers come, and a worker of another instance started later delivers them", async () => {
    const env = { SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" };
    const answering = await startTestServer(env, { databaseUrl: database.url });
    let later: TestServer | undefined;
    try {
      // The answering instance never delivers: its worker is stopped before the requests, as if it died after
      // answering.
      await answering.services.mailer.close();
      const creator = await createSignedInCreator(answering, {
        email: `durable-${randomUUID().slice(0, 8)}@example.com`,
      });
      const buyer = `durable-buyer-${randomUUID().slice(0, 8)}@example.com`;
      await insertOrder(answering.db, {
        userId: creator.id,
        storeName: "Ada's Shop",
        customerEmail: buyer,
        status: "paid",
        subtotalCents: 900,
        amountCents: 900,
        provider: "test",
        paidAt: new Date(),
      });
      const captcha = await solvedCaptcha(answering.origin);

      const queued = await withLinkTablesLocked(async (client) => {
        const answers = [
          await postForm(answering, "/forgot-password", { email: creator.email, captcha }, { ip: nextClientIp() }),
          await postForm(answering, "/login", { intent: "magic-link", email: creator.email }, { ip: nextClientIp() }),
          await postForm(answering, "/purchases", { email: buyer }, { ip: nextClientIp() }),
        ];
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
        const { rows } = await client.query<{ to: string }>(
          `select "to" from mail_outbox where sent_at is null and "to" in ($1, $2) order by "to"`,
          [creator.email, buyer],
        );
        return rows.map((row) => row.to);
      });
      expect(queued.sort()).toEqual([buyer, creator.email, creator.email].sort());
      await answering.stop();

      later = await startTestServer(env, { databaseUrl: database.url });
      const subjectsTo = (email: string) =>
        mail.messages
          .filter((m) => m.to.includes(email))
          .map((m) => m.subject)
          .sort();
      await expect.poll(() => subjectsTo(creator.email).length + subjectsTo(buyer).length, { timeout: 15_000 }).toBe(3);
      expect(subjectsTo(creator.email)).toEqual(["Reset your Sellkit password", "Your Sellkit sign-in link"].sort());
      expect(subjectsTo(buyer)).toEqual(["Your link to your purchase"]);
      const magic = mail.messages.find((m) => m.to.includes(creator.email) && m.subject.includes("sign-in link"))!;
      expect(magic.text).toContain(`${later.origin}/verify?token=`);
      const left = await later.db.execute<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where compose is not null`,
      );
      expect(left.rows[0]!.n).toBe(0);
    } finally {
      await later?.stop();
    }
  });
});
