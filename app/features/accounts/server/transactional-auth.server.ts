import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";

/** better-auth calls that only read: they run without a transaction (no BEGIN/COMMIT round trips on reads). */
const READ_ONLY_CALLS = new Set(["getSession", "listSessions", "listUserAccounts"]);
const READ_ONLY_PATHS = new Set(["/get-session", "/list-sessions"]);

/**
 * better-auth with every change it makes in one transaction with its hooks (the audit rows, the mails, the
 * NOTIFY; issue 12.4): each `auth.api` call and each HTTP request to its handler runs in `inTransaction`, so its
 * adapter and the hooks (which write through the ambient database handle) commit or roll back together. A call
 * made inside a verb's own `inTransaction` joins the verb's transaction.
 */
export function withTransactions<A extends { api: object; handler: (request: Request) => Promise<Response> }>(auth: A, db: Database): A {
  const api = new Proxy(auth.api, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function" || (typeof property === "string" && READ_ONLY_CALLS.has(property))) return value;
      const call = value as (...args: unknown[]) => Promise<unknown>;
      return Object.assign((...args: unknown[]) => inTransaction(db, () => call.apply(target, args)), call);
    },
  });
  const handler = (request: Request) => {
    const path = new URL(request.url).pathname.replace(/^.*\/api\/auth/, "");
    return READ_ONLY_PATHS.has(path) ? auth.handler(request) : inTransaction(db, () => auth.handler(request));
  };
  return Object.assign(Object.create(Object.getPrototypeOf(auth)), auth, { api, handler }) as A;
}
