import { AsyncLocalStorage } from "node:async_hooks";
import type { Database } from "./database.server";

// The transaction open in this async context, if any.
const ambient = new AsyncLocalStorage<Database>();

/** Runs `fn` in the ambient transaction, opening one if needed, so a change and its effects commit together. */
export function inTransaction<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  const current = ambient.getStore();
  if (current) return fn(current);
  return db.transaction((tx) => ambient.run(tx, () => fn(tx)));
}

/** Runs `fn` in a transaction of its own, a savepoint inside the ambient one, so a throw undoes only its work. */
export function inOwnTransaction<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  return (ambient.getStore() ?? db).transaction((tx) => ambient.run(tx, () => fn(tx)));
}

/** Runs `fn` outside any ambient transaction, for work that outlives the request. */
export function outsideTransaction<T>(fn: () => T): T {
  return ambient.exit(fn);
}

/** Whether this async context is inside an ambient transaction. */
export function hasAmbientTransaction(): boolean {
  return ambient.getStore() !== undefined;
}

/** `db`, sending every call to the caller's ambient transaction when one is open. */
export function ambientDatabase(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      const actual = ambient.getStore() ?? target;
      const value = Reflect.get(actual, property, actual) as unknown;
      return typeof value === "function" ? value.bind(actual) : value;
    },
  });
}
