import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { authErrorOf } from "./auth-error.server";

/** better-auth calls that only read: they run without a transaction (no BEGIN/COMMIT round trips on reads). */
const READ_ONLY_CALLS = new Set(["getSession", "listSessions", "listUserAccounts"]);
const READ_ONLY_PATHS = new Set(["/get-session", "/list-sessions"]);
/**
 * Refusals that come after deliberate work which must stand: a sign-in with the right password of an account
 * not yet verified mails the verification link again (the outbox row and its token), then refuses with
 * EMAIL_NOT_VERIFIED ('Verification email sent!'). Their writes commit; the refusal is thrown after the commit.
 */
const COMMITTING_REFUSALS = new Set(["EMAIL_NOT_VERIFIED"]);

/** Runs a better-auth call in the ambient transaction; a committing refusal commits its writes, then is thrown. */
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
      return Object.assign((...args: unknown[]) => callInTransaction(db, () => call.apply(target, args)), call);
    },
  });
  const handler = (request: Request) => {
    const path = new URL(request.url).pathname.replace(/^.*\/api\/auth/, "");
    return READ_ONLY_PATHS.has(path) ? auth.handler(request) : inTransaction(db, () => auth.handler(request));
  };
  return Object.assign(Object.create(Object.getPrototypeOf(auth)), auth, { api, handler }) as A;
}
