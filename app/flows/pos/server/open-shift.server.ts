import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { storeCurrency } from "~/domains/sales-methods/server/store-currency.server";
import { shifts } from "~/flows/pos/tables.server";
import { type Failure, fail } from "~/lib/errors";

/** Opens a shift on the seller's register `registerId` with a counted cash float; one open shift per register. */
export async function openShift(
  db: Database,
  sellerId: string,
  input: { registerId: string; openingFloatCents: number },
): Promise<
  { ok: true; shiftId: string } | Failure<"POS_REGISTER_NOT_FOUND" | "POS_SHIFT_ALREADY_OPEN" | "POS_AMOUNT_INVALID">
> {
  if (!Number.isSafeInteger(input.openingFloatCents) || input.openingFloatCents < 0) return fail("POS_AMOUNT_INVALID");
  const register = await db.execute<{ location_id: string }>(sql`
    select location_id from registers where id = ${input.registerId}::uuid and user_id = ${sellerId} and archived_at is null`);
  const locationId = register.rows[0]?.location_id;
  if (!locationId) return fail("POS_REGISTER_NOT_FOUND");
  const [opened] = await db
    .insert(shifts)
    .values({
      userId: sellerId,
      registerId: input.registerId,
      locationId,
      currency: await storeCurrency(db, sellerId),
      openedBy: sellerId,
      openingFloatCents: input.openingFloatCents,
    })
    .onConflictDoNothing()
    .returning({ id: shifts.id });
  if (!opened) return fail("POS_SHIFT_ALREADY_OPEN");
  return { ok: true, shiftId: opened.id };
}
