import type { Database } from "~/db/database.server";

/** A message the app sends. Plain text is always present; HTML is optional. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

/**
 * A mail asked for by someone who must not learn whether it is sent (a reset or sign-in link): the worker composes
 * it from its kind and recipient, and may send nothing.
 */
export type MailRequest = { kind: string; to: string };

/** Makes the mail of a request (through `Mailer.send`, in the worker's transaction), or nothing; throws to retry. */
export type ComposeMail = (request: MailRequest) => Promise<void>;

export type SendOptions = {
  /**
   * Enqueue inside this transaction: the mail exists only if the transaction commits. It is then delivered on
   * the next NOTIFY or poll (the worker cannot see it before the commit).
   */
  tx?: Database;
};

export type Mailer = {
  /** "smtp" when SMTP_URL is set, otherwise "dev-mailbox" (kept in the database, readable at /dev/mailbox). */
  kind: "smtp" | "dev-mailbox";
  /**
   * Stores the message in the outbox and wakes the delivery worker; resolves once it is stored, without waiting
   * for SMTP (delivery is retried with back-off until it succeeds). Rejects only when it cannot be stored.
   */
  send: (message: MailMessage, options?: SendOptions) => Promise<void>;
  /** Stores a mail request in the outbox (the same row for any recipient) and wakes the worker, which composes it. */
  request: (request: MailRequest, options?: SendOptions) => Promise<void>;
  /** Stops the worker (waiting for a delivery in flight) and closes the SMTP transport. */
  close: () => Promise<void>;
};
