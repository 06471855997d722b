import { AsyncLocalStorage } from "node:async_hooks";
import type { Database } from "./database.server";

/**
 * One transaction for a change and everything it causes (issue 12.4): the audit row, the outgoing mail (an
 * outbox row) and the NOTIFY commit with the change or not at all — also when better-auth makes the change,
 * since its adapter and hooks write through the same handle.
 *
 * `inTransaction(db, fn)` opens a transaction (or joins the one already open in this async context) and makes
 * it the ambient one. The app's database handle (`ambientDatabase`) sends every query to the ambient transaction
 * when there is one, to the pool otherwise, so code that writes through `services.db` — better-auth's adapter,
 * its hooks, `recordSecurityEvent`, `mailer.send` — joins without being passed the transaction.
 */
// One store per process, shared by every copy of this module: the Node server's bundle and React Router's server
// build each contain one (as do the tests' sources and the build), and a transaction opened by one must be seen
// by the database handle created by the other.
const STORE_KEY = Symbol.for("sellkit.ambient-transaction");
const globals = globalThis as typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<Database> };
globals[STORE_KEY] ??= new AsyncLocalStorage<Database>();
const ambient = globals[STORE_KEY];

export function inTransaction<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  const current = ambient.getStore();
  if (current) return fn(current);
  return db.transaction((tx) => ambient.run(tx as unknown as Database, () => fn(tx as unknown as Database)));
}

/** Runs `fn` outside any ambient transaction (work that outlives the request must not use its transaction). */
export function outsideTransaction<T>(fn: () => T): T {
  return ambient.exit(fn);
}

/** Whether this async context is inside an ambient transaction (for tests and assertions). */
export function hasAmbientTransaction(): boolean {
  return ambient.getStore() !== undefined;
}

/** `db`, with every call sent to the ambient transaction when one is open in the caller's async context. */
export function ambientDatabase(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      const actual = ambient.getStore() ?? target;
      const value = Reflect.get(actual, property, actual) as unknown;
      return typeof value === "function" ? value.bind(actual) : value;
    },
  });
}
