import type { Failure } from "~/lib/errors";
import { inOwnTransaction } from "./ambient-transaction.server";
import type { Database } from "./database.server";

/** Thrown inside a transaction to roll it back; the code that opened the transaction returns `failure` instead. */
export class Refusal<F = Failure> extends Error {
  constructor(readonly failure: F) {
    super("refused inside a transaction");
  }
}

/** What `run` returns, or the failure of a `Refusal` thrown in it, once its transaction has rolled back. */
export async function unlessRefused<T, F = Failure>(run: () => Promise<T>): Promise<T | F> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Refusal) return error.failure as F;
    throw error;
  }
}

/** Runs `fn` in a transaction of its own; a `Refusal` thrown in it rolls it back and its failure is returned. */
export function refusable<T, F = Failure>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T | F> {
  return unlessRefused<T, F>(() => inOwnTransaction(db, fn));
}

/** What `fn` returns, computed in a transaction that always rolls back: a dry run of writes. */
export function rolledBack<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  return refusable<never, T>(db, async (tx) => {
    throw new Refusal(await fn(tx));
  });
}
