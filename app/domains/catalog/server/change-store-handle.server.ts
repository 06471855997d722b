import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { storefronts } from "~/domains/catalog/tables.server";
import { type Failure, fail } from "~/lib/errors";

const UNIQUE_VIOLATION = "23505";

/** Sets the creator's store handle; the unique index refuses another store's, even when two creators race. */
export async function changeStoreHandle(
  db: Database,
  userId: string,
  handle: string,
): Promise<{ ok: true } | Failure<"STORE_HANDLE_TAKEN">> {
  try {
    await inTransaction(db, (tx) =>
      tx
        .insert(storefronts)
        .values({ userId, handle })
        .onConflictDoUpdate({ target: storefronts.userId, set: { handle } }),
    );
    return { ok: true };
  } catch (error) {
    if (isUniqueViolation(error)) return fail("STORE_HANDLE_TAKEN");
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
