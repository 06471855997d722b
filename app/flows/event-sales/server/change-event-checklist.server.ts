import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { CHECKLIST_MAX_ITEMS, type ChecklistItem, nextChecklistId } from "~/flows/event-sales/checklist";
import { type Failure, fail } from "~/lib/errors";

/** One change of an event's checklist: tick or untick an item, add one, or remove one. */
export type ChecklistChange =
  | { kind: "toggle"; itemId: string }
  | { kind: "add"; text: string }
  | { kind: "remove"; itemId: string };

/** Applies one change to the checklist of one of the seller's events, the row locked so two taps never lose one. */
export async function changeEventChecklist(
  db: Database,
  sellerId: string,
  eventId: string,
  change: ChecklistChange,
): Promise<{ ok: true; checklist: ChecklistItem[] } | Failure<"EVENT_NOT_FOUND">> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ checklist: ChecklistItem[] }>(
      sql`select checklist from events where id = ${eventId} and user_id = ${sellerId} for update`,
    );
    if (!found.rows[0]) return fail("EVENT_NOT_FOUND");
    let items = found.rows[0].checklist;
    if (change.kind === "toggle")
      items = items.map((item) => (item.id === change.itemId ? { ...item, done: !item.done } : item));
    else if (change.kind === "remove") items = items.filter((item) => item.id !== change.itemId);
    else if (items.length < CHECKLIST_MAX_ITEMS)
      items = [...items, { id: nextChecklistId(items), text: change.text, done: false }];
    await tx.execute(
      sql`update events set checklist = ${JSON.stringify(items)}::jsonb, updated_at = now() where id = ${eventId}`,
    );
    return { ok: true as const, checklist: items };
  });
}
