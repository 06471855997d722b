import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { devMail } from "~/db/schema.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One message of the dev mailbox, or undefined. */
export async function readDevMail(db: Database, id: string) {
  if (!UUID.test(id)) return undefined;
  const [message] = await db.select().from(devMail).where(eq(devMail.id, id)).limit(1);
  return message;
}
