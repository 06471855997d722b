import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { devMail } from "~/db/tables.server";
import { isUuid } from "~/lib/text-formats";

/** One message of the dev mailbox, or undefined. */
export async function readDevMail(db: Database, id: string) {
  if (!isUuid(id)) return undefined;
  const [message] = await db.select().from(devMail).where(eq(devMail.id, id)).limit(1);
  return message;
}
