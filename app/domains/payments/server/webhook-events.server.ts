import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** A stored webhook event still to process, and how often its order was not found yet. */
export type StoredWebhookEvent = { id: string; unmatched_attempts: number };

/**
 * Stores a verified event once per provider and event id. An unprocessed one comes back locked, so retries run one
 * at a time. Null for an event processed already.
 */
export async function storeWebhookEvent(
  db: Database,
  provider: string,
  event: { eventId: string; type: string; payload: unknown },
): Promise<StoredWebhookEvent | null> {
  const stored = await db.execute<StoredWebhookEvent>(sql`
      insert into webhook_events (provider, event_id, type, payload)
      values (${provider}, ${event.eventId}, ${event.type.slice(0, 200)},
        ${JSON.stringify(event.payload ?? null)}::jsonb)
      on conflict (provider, event_id) do nothing
      returning id, unmatched_attempts`);
  const row = stored.rows[0];
  if (row) return row;
  const unprocessed = await db.execute<StoredWebhookEvent>(sql`
        select id, unmatched_attempts from webhook_events
        where provider = ${provider} and event_id = ${event.eventId} and processed_at is null
        for update`);
  return unprocessed.rows[0] ?? null;
}

/** Leaves a stored event unprocessed for the provider's retry, counting the attempt and keeping why. */
export async function markWebhookUnmatched(db: Database, id: string, attempts: number, error: string): Promise<void> {
  await db.execute(sql`
        update webhook_events set unmatched_attempts = ${attempts}, error = ${error.slice(0, 2000)} where id = ${id}::uuid`);
}

/** Marks a stored event processed, with the events of it that could not be applied, if any. */
export async function markWebhookProcessed(db: Database, id: string, errors: string[]): Promise<void> {
  await db.execute(
    sql`update webhook_events set processed_at = now(), error = ${errors.length ? errors.join("; ").slice(0, 2000) : null} where id = ${id}::uuid`,
  );
}
