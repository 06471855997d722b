import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** Replaces the websites that may frame a seller's checkout, keeping the rest of their Buy Button setup. */
export async function saveAllowedOrigins(db: Database, userId: string, origins: readonly string[]): Promise<void> {
  const list = JSON.stringify({ allowedOrigins: origins });
  await db.execute(sql`
    insert into sales_methods (user_id, method, settings) values (${userId}, 'existing_website', ${list}::jsonb)
    on conflict (user_id, method) do update set settings = sales_methods.settings || excluded.settings,
      updated_at = now()
  `);
}
