import { sql } from "drizzle-orm";
import { isDatabaseUnavailable } from "../health/database-health.server";
import type { AppServices } from "../services";
import { SESSION_COOKIE_PREFIX } from "./session-cookie";

export type CurrentUser = { id: string; email: string; name: string; emailVerified: boolean; sessionId: string };

/** 'pending': the user has two-factor on and this session has not passed it yet, so it is not signed in. */
export type SecondFactorState = "not_required" | "pending" | "verified";

export type SessionUser = CurrentUser & {
  secondFactor: SecondFactorState;
  /** True when this request is the session's first activity in LAST_ACTIVE_WRITE_SECONDS (its mark was written). */
  activityRecorded: boolean;
};

/** 'Last active' is written at most once a minute per session. */
export const LAST_ACTIVE_WRITE_SECONDS = 60;

type SessionLookup = Awaited<ReturnType<AppServices["auth"]["api"]["getSession"]>> | null;

/** Session lookups in flight, per app instance and cookie header. */
const inFlight = new WeakMap<AppServices, Map<string, Promise<SessionLookup>>>();

/**
 * better-auth's session lookup (session row, user row, cookie signature), shared by the lookups of the same
 * cookie *while it is in flight*: a page runs the root loader and the route's guard at once, and both need the
 * session. Nothing is kept once it resolves, so an ended session is refused by the very next lookup.
 */
function lookUpSession(services: AppServices, request: Request): Promise<SessionLookup> {
  const cookie = request.headers.get("cookie") ?? "";
  const pending = inFlight.get(services) ?? new Map<string, Promise<SessionLookup>>();
  inFlight.set(services, pending);
  const known = pending.get(cookie);
  if (known) return known;
  // A bad or expired cookie is "no session"; a database that cannot be reached is an outage (503), not a sign-out.
  const lookup = services.auth.api.getSession({ headers: request.headers }).catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  });
  pending.set(cookie, lookup);
  const forget = () => pending.delete(cookie);
  lookup.then(forget, forget);
  return lookup;
}

/**
 * The user of this request's session (read from the session row, never a cache) with its second-factor
 * state. With `touch` (the route guard) it also notes the session's activity, at most once a minute. Null
 * without a valid session.
 */
export async function getSessionUser(services: AppServices | undefined, request: Request, { touch = false }: { touch?: boolean } = {}): Promise<SessionUser | null> {
  if (!services || !request.headers.get("cookie")?.includes(`${SESSION_COOKIE_PREFIX}.session_token`)) return null;
  const result = await lookUpSession(services, request);
  if (!result) return null;
  const { user, session } = result;
  const state = await services.db.execute(sql`
    with touched as (
      update session set last_active_at = now()
      where ${touch} and id = ${session.id}
        and (last_active_at is null or last_active_at < now() - make_interval(secs => ${LAST_ACTIVE_WRITE_SECONDS}))
      returning id
    )
    select s.second_factor_verified_at is not null as verified, tf.enabled_at is not null as required, exists (select 1 from touched) as touched
    from session s left join two_factor tf on tf.user_id = s.user_id
    where s.id = ${session.id}
  `);
  const row = (state as unknown as { rows: { verified: boolean; required: boolean; touched: boolean }[] }).rows[0];
  if (!row) return null; // ended in the meantime
  const secondFactor: SecondFactorState = !row.required ? "not_required" : row.verified ? "verified" : "pending";
  return { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified, sessionId: session.id, secondFactor, activityRecorded: Boolean(row.touched) };
}
