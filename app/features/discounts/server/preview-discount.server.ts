import { randomUUID } from "node:crypto";
import type { Database } from "~/db/database.server";
import type { Failure } from "~/lib/errors";
import { type DiscountCodeFailure, type ReservedDiscount, reserveDiscount } from "./discount-reservation.server";

type Outcome = ReservedDiscount | Failure<DiscountCodeFailure>;

class RollBack extends Error {
  constructor(readonly outcome: Outcome) {
    super("preview rolled back");
  }
}

/** Whether a code applies now and what it takes off, checked by reserving a use in a transaction that rolls back. */
export async function previewDiscount(
  db: Database,
  input: Omit<Parameters<typeof reserveDiscount>[1], "orderId">,
): Promise<Outcome> {
  try {
    await db.transaction(async (tx) => {
      throw new RollBack(await reserveDiscount(tx, { ...input, orderId: randomUUID() }));
    });
  } catch (error) {
    if (error instanceof RollBack) return error.outcome;
    throw error;
  }
  throw new Error("unreachable: the preview transaction always rolls back");
}
