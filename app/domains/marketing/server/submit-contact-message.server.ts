import type { Database } from "~/db/database.server";
import { contactMessages } from "~/domains/marketing/tables.server";
import type { ContactMessageInput } from "~/domains/marketing/schemas/contact-message";
import type { Logger } from "~/server/logger.server";
import { mailLayout } from "~/server/mail/mail-layout.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { consumeRateLimits, RATE_LIMITS } from "~/server/rate-limit/consume-rate-limit.server";
import { ERRORS, type Failure, fail } from "~/lib/errors";

type Deps = { db: Database; mailer: Mailer; logger: Logger; supportEmail: string };

export const CONTACT_RATE_LIMITED_MESSAGE = ERRORS.CONTACT_RATE_LIMITED.message;

export type ContactMessageResult =
  | { ok: true; id: string; mailed: boolean }
  | (Failure<"CONTACT_RATE_LIMITED"> & { retryAfterSeconds: number });

/**
 * Rate-limits, stores and mails a contact message to support; over the limit nothing is stored or mailed.
 * The stored row is the record, so a mail failure loses nothing; a database failure is thrown.
 */
export async function submitContactMessage(
  { db, mailer, logger, supportEmail }: Deps,
  input: ContactMessageInput,
  meta: { ipAddress?: string; userAgent?: string },
): Promise<ContactMessageResult> {
  const limit = await consumeRateLimits(db, [
    { rule: RATE_LIMITS.contact, key: `ip:${meta.ipAddress ?? "unknown"}` },
    { rule: RATE_LIMITS.contact, key: `email:${input.email.toLowerCase()}` },
  ]);
  if (!limit.allowed) return { ...fail("CONTACT_RATE_LIMITED"), retryAfterSeconds: limit.retryAfterSeconds };
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, ipAddress: meta.ipAddress ?? null, userAgent: meta.userAgent?.slice(0, 512) ?? null })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("contact message was not stored");
  try {
    const sections = [
      [`From: ${input.name} <${input.email}>`, `Subject: ${input.subject}`],
      [input.message],
      [`Message id: ${row.id}`],
    ];
    await mailer.send({
      ...mailLayout({ to: supportEmail, subject: `[Contact] ${input.subject}`, sections }),
      replyTo: input.email,
    });
    return { ok: true, id: row.id, mailed: true };
  } catch (error) {
    logger.error({ err: error, contactMessageId: row.id }, "contact message stored but not mailed");
    return { ok: true, id: row.id, mailed: false };
  }
}
