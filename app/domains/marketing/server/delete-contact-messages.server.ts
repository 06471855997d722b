import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { contactMessages } from "../tables.server";

/** Deletes the contact messages sent from a lower-cased email, whatever its case, when its account is deleted. */
export async function deleteContactMessages(db: Database, email: string): Promise<void> {
  await db.delete(contactMessages).where(eq(sql`lower(${contactMessages.email})`, email));
}
