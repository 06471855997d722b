import type { Database } from "~/db/database.server";

/** A message the app sends; HTML is optional. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers by name, e.g. List-Unsubscribe on marketing mail. */
  headers?: Record<string, string>;
};

/** A mail whose requester must not learn whether it is sent; the worker composes it and may send nothing. */
export type MailRequest = { kind: string; to: string };

/** Makes a request's mail in the worker's transaction, or nothing; throws to retry. */
export type ComposeMail = (request: MailRequest) => Promise<void>;

export type SendOptions = {
  /** Enqueue inside this transaction, so the mail exists only if it commits. */
  tx?: Database;
};

export type Mailer = {
  /** "smtp" when SMTP_URL is set, else "dev-mailbox", readable at /dev/mailbox. */
  kind: "smtp" | "dev-mailbox";
  /** Stores the message in the outbox and wakes the worker; rejects only when it cannot be stored. */
  send: (message: MailMessage, options?: SendOptions) => Promise<void>;
  /** Stores a mail request and wakes the worker to compose it. */
  request: (request: MailRequest, options?: SendOptions) => Promise<void>;
  /** Stops the worker and closes the SMTP transport. */
  close: () => Promise<void>;
};
