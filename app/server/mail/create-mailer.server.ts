import nodemailer from "nodemailer";
import type { Database } from "~/db/database";
import { devMail } from "~/db/schema";
import type { Mailer } from "./mailer";

/** The one way the app sends mail: SMTP when configured, otherwise the local dev mailbox. */
export function createMailer({ smtpUrl, from, db }: { smtpUrl?: string; from: string; db: Database }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: "smtp",
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
      async close() {
        transport.close();
      },
    };
  }
  return {
    kind: "dev-mailbox",
    async send(message) {
      await db.insert(devMail).values({
        from,
        to: message.to,
        replyTo: message.replyTo ?? null,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
    async close() {},
  };
}
