import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Tables of the shared services: the app's rate limiter, the durable mail outbox and the dev mailbox.

/** The local development mailbox: every mail sent while no SMTP server is configured. */
export const devMail = pgTable(
  "dev_mail",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    from: text("from").notNull(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("dev_mail_created_at_idx").on(table.createdAt)],
);

/** The app's limiter for its own actions (sign-in, sign-up, reset, mail): fixed windows, shared by instances. */
export const appRateLimits = pgTable("app_rate_limits", {
  bucket: text("bucket").primaryKey(),
  hits: integer("hits").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

/** The mail outbox: workers claim due rows, deliver and mark `sent_at`, or retry at `next_attempt_at`. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    from: text("from").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The last failure's code and message only, never credentials. */
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** A requested link mail's kind, composed by the worker; null for a message ready to deliver. */
    compose: text("compose"),
    /** The mail's own headers by name (List-Unsubscribe…); erased with the body once sent. */
    headers: jsonb("headers").$type<Record<string, string>>(),
  },
  (t) => [index("mail_outbox_due_idx").on(t.sentAt, t.nextAttemptAt)],
);
