import { randomUUID } from "node:crypto";
import type { Database } from "~/db/database.server";
import { rolledBack } from "~/db/refusal.server";
import type { Failure } from "~/lib/errors";
import { type DiscountCodeFailure, type ReservedDiscount, reserveDiscount } from "./discount-reservation.server";

type Outcome = ReservedDiscount | Failure<DiscountCodeFailure>;

/** Whether a code applies now and what it takes off, checked by reserving a use in a transaction that rolls back. */
export async function previewDiscount(
  db: Database,
  input: Omit<Parameters<typeof reserveDiscount>[1], "orderId">,
): Promise<Outcome> {
  return rolledBack(db, (tx) => reserveDiscount(tx, { ...input, orderId: randomUUID() }));
}
