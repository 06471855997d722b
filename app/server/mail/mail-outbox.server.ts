import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { MailMessage, MailRequest } from "./mailer.server";
import { MAIL_MAX_ATTEMPTS } from "./mail-retry.server";

/** NOTIFY channel for a new outbox row, so every instance's worker may wake. */
export const MAIL_OUTBOX_CHANNEL = "mail_outbox";

/** A claimed outbox row; `attempts` counts the failures so far. */
export type OutboxMail = {
  id: string;
  to: string;
  from: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  attempts: number;
};

type Row = {
  id: string;
  to: string;
  from: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  attempts: number;
};

/** Puts a message in the outbox and notifies on commit, so the mail exists only if the caller's change does. */
export async function enqueueMail(db: Database, from: string, message: MailMessage): Promise<string> {
  const result = await db.execute<{ id: string }>(sql`
    with inserted as (
      insert into mail_outbox ("to", "from", reply_to, subject, "text", html, headers)
      values (${message.to}, ${from}, ${message.replyTo ?? null}, ${message.subject}, ${message.text},
        ${message.html ?? null}, ${message.headers ? JSON.stringify(message.headers) : null}::jsonb)
      returning id
    )
    select id, pg_notify(${MAIL_OUTBOX_CHANNEL}, id::text) from inserted
  `);
  return result.rows[0]!.id;
}

/** Stores a requested mail's kind and recipient for the worker to compose, doing equal work for any recipient. */
export async function enqueueMailRequest(db: Database, from: string, request: MailRequest): Promise<string> {
  const result = await db.execute<{ id: string }>(sql`
    with inserted as (
      insert into mail_outbox ("to", "from", subject, "text", compose)
      values (${request.to}, ${from}, '', '', ${request.kind})
      returning id
    )
    select id, pg_notify(${MAIL_OUTBOX_CHANNEL}, id::text) from inserted
  `);
  return result.rows[0]!.id;
}

/** Whether a mail request is due, so an idle round opens no transaction. */
export async function hasDueMailRequest(db: Database): Promise<boolean> {
  const result = await db.execute<{ due: boolean }>(sql`
    select exists (
      select 1 from mail_outbox
      where compose is not null and sent_at is null and attempts < ${MAIL_MAX_ATTEMPTS} and next_attempt_at <= now()
    ) as due
  `);
  return result.rows[0]?.due === true;
}

/** A claimed mail request, composed and deleted in the claiming transaction. */
export type ClaimedMailRequest = MailRequest & { id: string; attempts: number };

/** Takes the oldest due mail request under a row lock, so a crashed worker's request is free again at once. */
export async function claimMailRequest(tx: Database): Promise<ClaimedMailRequest | null> {
  const result = await tx.execute<{ id: string; to: string; compose: string; attempts: number }>(sql`
    select id, "to", compose, attempts from mail_outbox
    where compose is not null and sent_at is null and attempts < ${MAIL_MAX_ATTEMPTS} and next_attempt_at <= now()
    order by created_at
    limit 1
    for update skip locked
  `);
  const row = result.rows[0];
  return row ? { id: row.id, to: row.to, kind: row.compose, attempts: Number(row.attempts) } : null;
}

/** Removes a composed request. */
export async function deleteMailRequest(tx: Database, id: string): Promise<void> {
  await tx.execute(sql`delete from mail_outbox where id = ${id}`);
}

/** Claims up to `limit` due messages for `lockMs`; `skip locked` lets instances claim concurrently. */
export async function claimDueMail(
  db: Database,
  { limit, lockMs }: { limit: number; lockMs: number },
): Promise<OutboxMail[]> {
  const result = await db.execute<Row>(sql`
    update mail_outbox set locked_until = now() + ${lockMs} * interval '1 millisecond'
    where id in (
      select id from mail_outbox
      where compose is null and sent_at is null and attempts < ${MAIL_MAX_ATTEMPTS} and next_attempt_at <= now()
        and (locked_until is null or locked_until < now())
      order by created_at
      limit ${limit}
      for update skip locked
    )
    returning id, "to", "from", reply_to, subject, "text", html, headers, attempts
  `);
  return result.rows.map((row) => ({
    id: row.id,
    to: row.to,
    from: row.from,
    replyTo: row.reply_to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    headers: row.headers,
    attempts: Number(row.attempts),
  }));
}

/** How long delivered rows' recipient and subject stay, for support questions. */
export const SENT_MAIL_RETENTION_DAYS = 30;

/** Marks a row sent and erases its body and headers, which may hold links with tokens; prunes old delivered rows. */
export async function markMailSent(db: Database, id: string): Promise<void> {
  await db.execute(
    sql`update mail_outbox set sent_at = now(), locked_until = null, "text" = '', html = null, headers = null
      where id = ${id}`,
  );
  await db.execute(
    sql`delete from mail_outbox where sent_at < now() - make_interval(days => ${SENT_MAIL_RETENTION_DAYS})`,
  );
}

/** Records a failed attempt, its next try and its error. */
export async function markMailFailed(
  db: Database,
  id: string,
  { attempts, retryInMs, error }: { attempts: number; retryInMs: number; error: string },
): Promise<void> {
  await db.execute(sql`
    update mail_outbox
    set attempts = ${attempts}, last_error = ${error}, locked_until = null,
        next_attempt_at = now() + ${retryInMs} * interval '1 millisecond'
    where id = ${id}
  `);
}

/** Milliseconds until the earliest unsent row is claimable, or null when none waits. */
export async function msUntilNextMailDue(db: Database): Promise<number | null> {
  const result = await db.execute<{ ms: number | string | null }>(sql`
    select (extract(epoch from (min(greatest(next_attempt_at, coalesce(locked_until,
      next_attempt_at))) - now())) * 1000)::float8 as ms
    from mail_outbox
    where sent_at is null and attempts < ${MAIL_MAX_ATTEMPTS}
  `);
  const ms = result.rows[0]?.ms;
  return ms === null || ms === undefined ? null : Number(ms);
}
