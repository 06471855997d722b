import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { mailOutbox } from "~/db/tables.server";
import { session } from "~/kernel/session/tables.server";
import { user } from "~/kernel/session/tables.server";
import { securityAudit } from "~/kernel/audit/tables.server";
import { solvedCaptcha } from "../../support/captcha";
import { nextClientIp } from "../../support/client-ip";
import { postForm } from "../../support/form-post";
import type { MailCatcher } from "../../support/mail-catcher";
import { passwordSignIn, postSecurity } from "../../support/security-center";
import { CREATOR_PASSWORD, createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { serverWithMail } from "../../support/server-with-mail";
import type { TestServer } from "../../support/test-server";

// A change, its audit row and its mail commit together or not at all — also when better-auth makes
// the change. Each test makes one side effect's insert fail (a trigger raising an error for that row only) and
// finds the change itself rolled back. Before, the audit row was written after the change on another connection
// and a failed mail was only logged: the change stayed without its event or its notice.

const NEW_PASSWORD = "N3w&Distinct!pw";
let mail: MailCatcher;
let server: TestServer;
let counter = 0;

serverWithMail({ TRUSTED_PROXIES: "loopback" }, (started) => {
  ({ mail, server } = started);
});
afterEach(async () => {
  await server.db.execute(sql`drop trigger if exists fail_side_effect on security_audit`);
  await server.db.execute(sql`drop trigger if exists fail_side_effect on mail_outbox`);
});

/** From now on, inserting a `table` row whose `column` equals `value` fails (as a full disk or a bug would). */
async function failInsertsOf(table: "security_audit" | "mail_outbox", column: "event_type" | "subject", value: string) {
  await server.db.execute(
    sql.raw(`
      create or replace function fail_side_effect() returns trigger language plpgsql as $$
      begin
        if new.${column} = '${value}' then raise exception 'side effect refused by the test'; end if;
        return new;
      end $$;
      create trigger fail_side_effect before insert on ${table} for each row execute function fail_side_effect();
    `),
  );
}

function createCreator(): Promise<SignedInCreator> {
  counter += 1;
  return createSignedInCreator(server, { email: `atomic-${counter}@example.com` });
}

const signIn = (email: string, password: string) =>
  postForm(server, "/login", { intent: "sign-in", email, password }, { ip: nextClientIp() });
const events = (userId: string, eventType: string) =>
  server.db
    .select({ id: securityAudit.id })
    .from(securityAudit)
    .where(and(eq(securityAudit.userId, userId), eq(securityAudit.eventType, eventType)));
const queuedTo = async (to: string) =>
  (await server.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, to))).length;

function changePassword(creator: SignedInCreator) {
  return postForm(
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
}

describe("a better-auth change and its side effects commit together", () => {
  it("password change: when its audit row cannot be written, the password, the sessions and the notice stay as they were", async () => {
    const creator = await createCreator();
    const laptop = await passwordSignIn(server, creator.email);
    expect(laptop.response.status).toBe(302);
    const sessionsBefore = (await server.db.select().from(session).where(eq(session.userId, creator.id))).length;
    const mailsBefore = await queuedTo(creator.email);
    await failInsertsOf("security_audit", "event_type", "password_changed");

    const response = await changePassword(creator);
    expect(response.status).toBe(503);
    await response.arrayBuffer();

    expect((await signIn(creator.email, NEW_PASSWORD)).status).toBe(400);
    expect((await signIn(creator.email, CREATOR_PASSWORD)).status).toBe(302);
    // The other sessions were not signed out (better-auth's deletion rolled back with the rest).
    expect(
      (await server.db.select().from(session).where(eq(session.userId, creator.id))).length,
    ).toBeGreaterThanOrEqual(sessionsBefore);
    expect(await events(creator.id, "password_changed")).toHaveLength(0);
    expect(await queuedTo(creator.email)).toBe(mailsBefore);
  });

  it("password change: when its notice cannot be queued, the password stays as it was; with both working, all three happen", async () => {
    const creator = await createCreator();
    await failInsertsOf("mail_outbox", "subject", "Your Sellkit password was changed");
    const refused = await changePassword(creator);
    expect(refused.status).toBe(503);
    await refused.arrayBuffer();
    expect((await signIn(creator.email, CREATOR_PASSWORD)).status).toBe(302);
    expect(await events(creator.id, "password_changed")).toHaveLength(0);

    await server.db.execute(sql`drop trigger fail_side_effect on mail_outbox`);
    const changed = await changePassword(creator);
    expect(changed.status).toBe(302);
    expect((await signIn(creator.email, NEW_PASSWORD)).status).toBe(302);
    expect(await events(creator.id, "password_changed")).toHaveLength(1);
  });

  it("password reset through better-auth's own endpoint: when the hook's audit row fails, the reset does not happen", async () => {
    const creator = await createCreator();
    const response = await postForm(
      server,
      "/forgot-password",
      { email: creator.email, captcha: await solvedCaptcha(server.origin) },
      { ip: nextClientIp() },
    );
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    await expect
      .poll(
        () =>
          mail.messages.filter((m) => m.to.includes(creator.email) && m.subject.includes("Reset your Sellkit password"))
            .length,
        { timeout: 10_000 },
      )
      .toBe(1);
    const link = mail.messages.find(
      (m) => m.to.includes(creator.email) && m.subject.includes("Reset your Sellkit password"),
    )!;
    const token = /\/reset-password\/([^?\s]+)/.exec(link.text)![1]!;
    await failInsertsOf("security_audit", "event_type", "password_reset");

    const reset = await postForm(
      server,
      "/reset-password",
      { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { ip: nextClientIp() },
    );
    expect(reset.status).not.toBe(200);
    await reset.arrayBuffer();
    expect((await signIn(creator.email, CREATOR_PASSWORD)).status).toBe(302);
    expect((await signIn(creator.email, NEW_PASSWORD)).status).toBe(400);
  });
});

describe("an app change and its side effects commit together", () => {
  it("terminating a session: when its audit row cannot be written, the session is still there", async () => {
    const creator = await createCreator();
    const laptop = await passwordSignIn(server, creator.email);
    expect(laptop.response.status).toBe(302);
    const sessions = await server.db
      .select({ id: session.id, createdAt: session.createdAt })
      .from(session)
      .where(eq(session.userId, creator.id));
    const newest = sessions.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    await failInsertsOf("security_audit", "event_type", "session_terminated");

    const response = await postSecurity(server, creator, { intent: "terminate-session", sessionId: newest.id });
    expect(response.status).toBeGreaterThanOrEqual(500);
    await response.arrayBuffer();
    expect(await server.db.select().from(session).where(eq(session.id, newest.id))).toHaveLength(1);
  });

  it("deleting the account: when its notice cannot be queued, the account is still there", async () => {
    const creator = await createCreator();
    await failInsertsOf("mail_outbox", "subject", "Your Sellkit account was deleted");
    const response = await postForm(
      server,
      "/settings",
      { intent: "delete-account", currentPassword: CREATOR_PASSWORD, confirmation: "DELETE" },
      { jar: creator.jar, ip: creator.ip, multipart: true },
    );
    expect(response.status).toBe(503);
    await response.arrayBuffer();
    expect(await server.db.select().from(user).where(eq(user.id, creator.id))).toHaveLength(1);
  });
});
