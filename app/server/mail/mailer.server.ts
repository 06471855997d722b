import type { Database } from "~/db/database.server";

/** A message the app sends. Plain text is always present; HTML is optional. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

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
  /** Stops the worker (waiting for a delivery in flight) and closes the SMTP transport. */
  close: () => Promise<void>;
};
