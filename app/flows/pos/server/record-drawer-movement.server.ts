import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type Failure, fail } from "~/lib/errors";

/** Records cash put into (`paid_in`) or taken out of (`paid_out`) an open shift's drawer, with its reason. */
export async function recordDrawerMovement(
  db: Database,
  sellerId: string,
  input: { shiftId: string; kind: "paid_in" | "paid_out"; amountCents: number; reason: string },
): Promise<
  { ok: true } | Failure<"POS_SHIFT_NOT_FOUND" | "POS_SHIFT_CLOSED" | "POS_AMOUNT_INVALID" | "POS_REASON_REQUIRED">
> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) return fail("POS_AMOUNT_INVALID");
  const reason = input.reason.trim();
  if (!reason) return fail("POS_REASON_REQUIRED");
  const signed = input.kind === "paid_in" ? input.amountCents : -input.amountCents;
  const result = await db.execute<{ closed: boolean; recorded: boolean }>(sql`
    with shift as (
      -- Locked, so a close at the same moment counts this movement or finds it refused.
      select id, closed_at is not null as closed from shifts where id = ${input.shiftId}::uuid and user_id = ${sellerId}
      for update
    ), recorded as (
      insert into drawer_movements (shift_id, kind, amount_cents, reason, actor_id)
      select id, ${input.kind}, ${signed}, ${reason.slice(0, 200)}, ${sellerId} from shift where not closed
      returning 1
    )
    select (select closed from shift) as closed, exists (select 1 from recorded) as recorded`);
  const row = result.rows[0];
  if (row?.closed === null || row?.closed === undefined) return fail("POS_SHIFT_NOT_FOUND");
  if (!row.recorded) return fail("POS_SHIFT_CLOSED");
  return { ok: true };
}
