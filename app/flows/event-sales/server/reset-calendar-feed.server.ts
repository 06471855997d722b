import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** The SHA-256 of a feed token, as stored: the database never holds a working URL. */
export function feedTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Makes the seller's private calendar feed a new secret token, so the old URL stops working at once; returns it. */
export async function resetCalendarFeed(db: Database, sellerId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.execute(sql`
    insert into event_calendar_feeds (user_id, token_hash) values (${sellerId}, ${feedTokenHash(token)})
    on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now()`);
  return token;
}
