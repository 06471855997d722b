import { desc } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { devMail } from "~/db/tables.server";

export const DEV_MAILBOX_PAGE_SIZE = 100;

/** The newest messages of the dev mailbox, without their bodies. */
export function listDevMail(db: Database) {
  return db
    .select({ id: devMail.id, to: devMail.to, subject: devMail.subject, createdAt: devMail.createdAt })
    .from(devMail)
    .orderBy(desc(devMail.createdAt))
    .limit(DEV_MAILBOX_PAGE_SIZE);
}
