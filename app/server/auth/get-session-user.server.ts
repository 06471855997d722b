import { sql } from "drizzle-orm";
import { isDatabaseUnavailable } from "../health/database-health.server";
import type { AppServices } from "../services";
import { readSessionToken } from "./read-session-token.server";
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

/** What one lookup finds, shared by the lookups of one request. */
type FoundSession = Omit<SessionUser, "activityRecorded"> & { activityDue: boolean };

type SessionRow = {
  session_id: string;
  user_id: string;
  email: string;
  name: string;
  email_verified: boolean;
  verified: boolean;
  required: boolean;
  /** The session's 'last active' mark is older than LAST_ACTIVE_WRITE_SECONDS (or not written yet). */
  activity_due: boolean;
  /** The session has expired, or better-auth's refresh of its expiry is due: better-auth must handle it. */
  needs_better_auth: boolean;
};

/** The session's own state, read by both paths (needs `session s` and `two_factor tf` in the query). */
const STATE_COLUMNS = sql`s.second_factor_verified_at is not null as verified, tf.enabled_at is not null as required,
  (s.last_active_at is null or s.last_active_at < now() - make_interval(secs => ${LAST_ACTIVE_WRITE_SECONDS})) as activity_due`;

type StateRow = Pick<SessionRow, "verified" | "required" | "activity_due">;

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function found(user: CurrentUser, state: StateRow): FoundSession {
  const secondFactor: SecondFactorState = !state.required ? "not_required" : state.verified ? "verified" : "pending";
  return { ...user, secondFactor, activityDue: Boolean(state.activity_due) };
}

/**
 * One query for the whole check: the session of the token, its user, the user's two-factor state, this
 * session's second-factor mark and whether its 'last active' mark is due. `needs_better_auth` flags the rare
 * session that has expired or whose expiry is due for better-auth's daily refresh (updateAge): those go
 * through better-auth's own getSession, which deletes or extends them.
 */
async function readSession(services: AppServices, token: string, expiresIn: number, updateAge: number): Promise<SessionRow | undefined> {
  const result = await services.db.execute(sql`
    select s.id as session_id, u.id as user_id, u.email, u.name, u.email_verified,
      ${STATE_COLUMNS},
      (s.expires_at <= now() or s.expires_at - make_interval(secs => ${expiresIn}) + make_interval(secs => ${updateAge}) <= now()) as needs_better_auth
    from session s join "user" u on u.id = s.user_id left join two_factor tf on tf.user_id = s.user_id
    where s.token = ${token}
  `);
  return rows<SessionRow>(result)[0];
}

/** The slow path: better-auth's getSession (expiry, deletion, refresh), then the session's own state. */
async function readSessionThroughBetterAuth(services: AppServices, request: Request): Promise<FoundSession | null> {
  const result = await services.auth.api.getSession({ headers: request.headers });
  if (!result) return null;
  const { user, session } = result;
  const [state] = rows<StateRow>(
    await services.db.execute(sql`
      select ${STATE_COLUMNS}
      from session s left join two_factor tf on tf.user_id = s.user_id where s.id = ${session.id}
    `),
  );
  if (!state) return null; // ended in the meantime
  return found({ id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified, sessionId: session.id }, state);
}

async function lookUpSession(services: AppServices, request: Request): Promise<FoundSession | null> {
  const context = await services.auth.$context;
  const token = readSessionToken(request.headers.get("cookie") ?? "", context.authCookies.sessionToken.name, context.secret);
  if (!token) return null;
  const row = await readSession(services, token, context.sessionConfig.expiresIn, context.sessionConfig.updateAge);
  if (!row) return null;
  if (row.needs_better_auth) return readSessionThroughBetterAuth(services, request);
  return found({ id: row.user_id, email: row.email, name: row.name, emailVerified: row.email_verified, sessionId: row.session_id }, row);
}

/** Session lookups in flight, per app instance and cookie header. */
const inFlight = new WeakMap<AppServices, Map<string, Promise<FoundSession | null>>>();

/**
 * The lookup of this request's cookie, shared by the lookups of the same cookie *while it is in flight*: a
 * page runs the root loader and the route's guard at once, and both need the session. Nothing is kept once it
 * resolves, so an ended session is refused by the very next lookup. A bad or expired cookie is "no session";
 * a database that cannot be reached is an outage (503), not a sign-out.
 */
function sharedLookup(services: AppServices, request: Request, cookie: string): Promise<FoundSession | null> {
  const pending = inFlight.get(services) ?? new Map<string, Promise<FoundSession | null>>();
  inFlight.set(services, pending);
  const known = pending.get(cookie);
  if (known) return known;
  const lookup = lookUpSession(services, request).catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) throw error;
    services.logger.warn({ err: error }, "session lookup failed");
    return null;
  });
  pending.set(cookie, lookup);
  const forget = () => pending.delete(cookie);
  lookup.then(forget, forget);
  return lookup;
}

/** Writes the session's 'last active' mark if it is still due; true for the one request that wrote it. */
async function noteActivity(services: AppServices, sessionId: string): Promise<boolean> {
  const result = await services.db.execute(sql`
    update session set last_active_at = now()
    where id = ${sessionId} and (last_active_at is null or last_active_at < now() - make_interval(secs => ${LAST_ACTIVE_WRITE_SECONDS}))
    returning id
  `);
  return rows(result).length > 0;
}

/**
 * The user of this request's session (read from the session row, never a cache) with its second-factor
 * state: one query. With `touch` (the route guard) it also notes the session's activity, at most once a
 * minute (a second, conditional write then). Null without a valid session.
 */
export async function getSessionUser(services: AppServices | undefined, request: Request, { touch = false }: { touch?: boolean } = {}): Promise<SessionUser | null> {
  const cookie = request.headers.get("cookie");
  if (!services || !cookie?.includes(`${SESSION_COOKIE_PREFIX}.session_token`)) return null;
  const session = await sharedLookup(services, request, cookie);
  if (!session) return null;
  const { activityDue, ...user } = session;
  const activityRecorded = touch && activityDue ? await noteActivity(services, user.sessionId) : false;
  return { ...user, activityRecorded };
}
