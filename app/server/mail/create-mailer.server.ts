import nodemailer from "nodemailer";
import type { Database } from "~/db/database.server";
import type { Listen } from "~/db/postgres-listener.server";
import { devMail } from "~/db/tables.server";
import { createLogger, type Logger } from "../logger.server";
import { enqueueMail, enqueueMailRequest } from "./mail-outbox.server";
import { startMailWorker, type DeliverMail } from "./mail-worker.server";
import type { ComposeMail, Mailer } from "./mailer.server";

/** SMTP timeouts, so a stalled server fails an attempt well within the worker's claim. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The one way the app sends mail: through the outbox table to a worker that delivers and retries. */
export function createMailer({
  smtpUrl,
  from,
  db,
  logger = createLogger({ level: process.env.LOG_LEVEL ?? "info", pretty: false }),
  listen,
  pollIntervalMs,
  compose,
}: {
  smtpUrl?: string;
  from: string;
  db: Database;
  logger?: Logger;
  /** Also wakes the worker on other instances' new mail, not only on its poll. */
  listen?: Listen;
  pollIntervalMs?: number;
  /** Makes the mail of a request. */
  compose?: ComposeMail;
}): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : null;
  const deliver: DeliverMail = transport
    ? async (mail) => {
        await transport.sendMail({
          from: mail.from,
          to: mail.to,
          replyTo: mail.replyTo ?? undefined,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          headers: mail.headers ?? undefined,
        });
      }
    : async (mail) => {
        await db.insert(devMail).values({
          from: mail.from,
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      };
  const worker = startMailWorker({ db, deliver, compose, logger, listen, pollIntervalMs });

  return {
    kind: transport ? "smtp" : "dev-mailbox",
    async send(message, options) {
      await enqueueMail(options?.tx ?? db, from, message);
      worker.kick();
    },
    async request(request, options) {
      await enqueueMailRequest(options?.tx ?? db, from, request);
      worker.kick();
    },
    async close() {
      await worker.close();
      transport?.close();
    },
  };
}
