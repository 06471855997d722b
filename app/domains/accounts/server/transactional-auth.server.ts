import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { authErrorOf } from "./auth-error.server";

/** better-auth calls that only read: they run without a transaction (no BEGIN/COMMIT round trips on reads). */
const READ_ONLY_CALLS = new Set(["getSession", "listSessions", "listUserAccounts"]);
const READ_ONLY_PATHS = new Set(["/get-session", "/list-sessions"]);
/**
 * Refusals whose writes must stand, such as the verification link mailed again to an unverified account: they commit,
 * then throw.
 */
const COMMITTING_REFUSALS = new Set(["EMAIL_NOT_VERIFIED"]);

/** Runs a better-auth call in the ambient transaction; a committing refusal commits its writes first. */
async function callInTransaction(db: Database, call: () => Promise<unknown>): Promise<unknown> {
  const outcome = await inTransaction(db, async () => {
    try {
      return { value: await call() };
    } catch (error) {
      const code = authErrorOf(error)?.code;
      if (code && COMMITTING_REFUSALS.has(code)) return { refusal: error };
      throw error;
    }
  });
  if ("refusal" in outcome) throw outcome.refusal;
  return outcome.value;
}

/**
 * better-auth with each call and HTTP request in one transaction with its hooks, so audit rows, mails and NOTIFY commit
 * or roll back together.
 */
export function withTransactions<A extends { api: object; handler: (request: Request) => Promise<Response> }>(
  auth: A,
  db: Database,
): A {
  const api = new Proxy(auth.api, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function" || (typeof property === "string" && READ_ONLY_CALLS.has(property))) return value;
      const call = value as (...args: unknown[]) => Promise<unknown>;
      return Object.assign((...args: unknown[]) => callInTransaction(db, () => call.apply(target, args)), call);
    },
  });
  const handler = (request: Request) => {
    const path = new URL(request.url).pathname.replace(/^.*\/api\/auth/, "");
    return READ_ONLY_PATHS.has(path) ? auth.handler(request) : inTransaction(db, () => auth.handler(request));
  };
  return Object.assign(Object.create(Object.getPrototypeOf(auth)), auth, { api, handler }) as A;
}
