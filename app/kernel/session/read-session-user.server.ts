import { sql } from "drizzle-orm";
import { prepareStatement, type PreparedStatement } from "~/db/prepare-statement.server";
import { isDatabaseUnavailable } from "~/server/health/database-health.server";
import { SECURITY_EVENTS_CHANNEL } from "~/kernel/audit/record-security-event.server";
import type { SecurityEventRow } from "~/kernel/audit/security-event";
import type { AppServices } from "~/server/services.server";
import { combinePageQueries, type PageQuery } from "./page-query.server";
import { readSessionToken } from "./read-session-token.server";
import { SESSION_COOKIE_PREFIX } from "~/server/http/session-cookie.server";
import type { RequestContext } from "~/server/http/request-context.server";

export type CurrentUser = { id: string; email: string; name: string; emailVerified: boolean; sessionId: string };

/** 'pending': the user has two-factor on and this session has not passed it yet, so it is not signed in. */
export type SecondFactorState = "not_required" | "pending" | "verified";

export type SessionUser = CurrentUser & {
  secondFactor: SecondFactorState;
  /** True when this request wrote the session's 'last active' mark. */
  activityRecorded: boolean;
};

/** 'Last active' is written at most once a minute per session. */
export const LAST_ACTIVE_WRITE_SECONDS = 60;

export type SessionLookup<T> = {
  /** Note the session's activity: the route guard. */
  touch?: boolean;
  /** Written and announced by the same statement when it wrote the activity mark. */
  access?: SecurityEventRow;
  /** The page's reads, made by the same statement for a signed-in session. */
  page?: PageQuery<T>;
  /** Lookups with the same key in one event-loop turn share one statement (the per-request loader context). */
  batch?: object;
};

type Want = { touch: boolean; access?: SecurityEventRow; page?: PageQuery<unknown> };

type Row = {
  session_id: string;
  user_id: string;
  email: string;
  name: string;
  email_verified: boolean;
  verified: boolean;
  required: boolean;
  /** Expired or due for refresh: better-auth must handle it. */
  needs_better_auth: boolean;
  activity_recorded: boolean;
  /** The page's JSON; null unless signed in. */
  page: unknown;
};

type Found = Omit<SessionUser, "activityRecorded"> & { activityRecorded: boolean; page: unknown };

const value = (name: string) => sql.placeholder(name);

/**
 * The whole signed-in read in one statement. Of concurrent requests exactly one writes the 'last active' mark:
 * the row lock re-checks the condition. `checked`: better-auth has just validated the session.
 */
function signedInRead(page: PageQuery<unknown> | undefined) {
  const due = sql`now() - make_interval(secs => ${LAST_ACTIVE_WRITE_SECONDS})`;
  return sql`
    with found as (
      select s.id as session_id, u.id as user_id, u.email, u.name, u.email_verified,
        s.second_factor_verified_at is not null as verified, tf.enabled_at is not null as required,
        (not ${value("checked")}::boolean and (s.expires_at <= now()
          or s.expires_at - make_interval(secs => ${value("expiresIn")}) + make_interval(secs => ${value("updateAge")}) <= now())) as needs_better_auth
      from session s join "user" u on u.id = s.user_id left join two_factor tf on tf.user_id = s.user_id
      where s.token = ${value("token")}
    ),
    touched as (
      update session s set last_active_at = now() from found f
      where ${value("touch")}::boolean and s.id = f.session_id and not f.needs_better_auth and (s.last_active_at is null
        or s.last_active_at < ${due})
      returning s.last_active_at
    ),
    me as (
      select user_id, session_id, (select last_active_at from touched) as touched_at from found
      where email_verified and (verified or not required) and not needs_better_auth
    ),
    access as (
      insert into security_audit (user_id, event_type, event_category, severity, risk_score, ip_address, user_agent,
        details)
      select me.user_id, ${value("eventType")}::text, ${value("eventCategory")}::text, ${value("severity")}::text,
        ${value("riskScore")}::smallint, ${value("ipAddress")}::text, ${value("userAgent")}::text,
          ${value("details")}::jsonb
      from me where me.touched_at is not null and ${value("eventType")}::text is not null
      returning id, user_id, event_type, event_category, severity, risk_score, ip_address, details, created_at
    )
    select f.session_id, f.user_id, f.email, f.name, f.email_verified, f.verified, f.required, f.needs_better_auth,
      exists (select from touched) as activity_recorded,
      (select count(pg_notify(${SECURITY_EVENTS_CHANNEL}, json_build_object('id', id, 'userId', user_id)::text))
        from access) as announced,
      ${page ? sql`(select ${page.json} from me)` : sql`null::json`} as page
    from found f
  `;
}

const WITHOUT_PAGE = {};
const statements = new WeakMap<object, PreparedStatement<Row>>();

function statementFor(page: PageQuery<unknown> | undefined): PreparedStatement<Row> {
  const key = page ?? WITHOUT_PAGE;
  let statement = statements.get(key);
  if (!statement) {
    statement = prepareStatement<Row>(signedInRead(page));
    statements.set(key, statement);
  }
  return statement;
}

function readSession(
  services: AppServices,
  token: string,
  sessionConfig: { expiresIn: number; updateAge: number },
  checked: boolean,
  want: Want,
) {
  const event = want.access;
  return statementFor(want.page).run(services.db, {
    token,
    checked,
    expiresIn: sessionConfig.expiresIn,
    updateAge: sessionConfig.updateAge,
    touch: want.touch,
    eventType: event?.eventType ?? null,
    eventCategory: event?.eventCategory ?? null,
    severity: event?.severity ?? null,
    riskScore: event?.riskScore ?? 0,
    ipAddress: event?.ipAddress ?? null,
    userAgent: event?.userAgent ?? null,
    details: event?.details ?? "{}",
  });
}

function found(row: Row): Found {
  const secondFactor: SecondFactorState = !row.required ? "not_required" : row.verified ? "verified" : "pending";
  return {
    id: row.user_id,
    email: row.email,
    name: row.name,
    emailVerified: row.email_verified,
    sessionId: row.session_id,
    secondFactor,
    activityRecorded: row.activity_recorded,
    page: row.page,
  };
}

/** One statement; an expired or refresh-due session goes through better-auth's getSession first, then reads again. */
async function lookUp(services: AppServices, ctx: RequestContext, want: Want): Promise<Found | null> {
  const context = await services.auth.$context;
  const token = readSessionToken(
    ctx.headers.get("cookie") ?? "",
    context.authCookies.sessionToken.name,
    context.secret,
  );
  if (!token) return null;
  let [row] = await readSession(services, token, context.sessionConfig, false, want);
  if (row?.needs_better_auth) {
    if (!(await services.auth.api.getSession({ headers: ctx.headers }))) return null;
    [row] = await readSession(services, token, context.sessionConfig, true, want);
  }
  return row ? found(row) : null;
}

type Waiting = { want: Want; resolve: (found: Found | null) => void; reject: (error: unknown) => void };
type Batch = { ctx: RequestContext; cookie: string; waiting: Waiting[] };

/** Batches whose statement has not started yet, by key. */
const openBatches = new WeakMap<object, Batch>();

type Combination = { query?: PageQuery<unknown>; next: WeakMap<PageQuery<unknown>, Combination> };
const combinations: Combination = { next: new WeakMap() };

/** Several page reads as one, the same object for the same reads so its prepared statement is reused. */
function combinedRead(pages: PageQuery<unknown>[]): PageQuery<unknown> {
  let node = combinations;
  for (const page of pages) {
    let next = node.next.get(page);
    if (!next) {
      next = { next: new WeakMap() };
      node.next.set(page, next);
    }
    node = next;
  }
  node.query ??= combinePageQueries(Object.fromEntries(pages.map((page, index) => [`p${index}`, page])));
  return node.query;
}

async function runBatch(services: AppServices, batch: Batch) {
  const pages = [...new Set(batch.waiting.flatMap((w) => (w.want.page ? [w.want.page] : [])))];
  const want: Want = {
    touch: batch.waiting.some((w) => w.want.touch),
    access: batch.waiting.find((w) => w.want.access)?.want.access,
    page: pages.length > 1 ? combinedRead(pages) : pages[0],
  };
  try {
    const result = await lookUp(services, batch.ctx, want);
    for (const w of batch.waiting) {
      if (!result || pages.length < 2) w.resolve(result);
      else {
        const parts = result.page as Record<string, unknown> | null;
        w.resolve({ ...result, page: w.want.page ? parts?.[`p${pages.indexOf(w.want.page)}`] : null });
      }
    }
  } catch (error) {
    for (const w of batch.waiting) w.reject(error);
  }
}

/** Joins or opens the batch of `key`; it runs after this event-loop turn, once every loader of the request started. */
function joinBatch(
  services: AppServices,
  ctx: RequestContext,
  cookie: string,
  want: Want,
  key: object,
): Promise<Found | null> {
  let batch = openBatches.get(key);
  if (!batch || batch.cookie !== cookie) {
    const opened: Batch = { ctx, cookie, waiting: [] };
    openBatches.set(key, opened);
    setImmediate(() => {
      if (openBatches.get(key) === opened) openBatches.delete(key);
      void runBatch(services, opened);
    });
    batch = opened;
  }
  const joined = batch;
  return new Promise((resolve, reject) => joined.waiting.push({ want, resolve, reject }));
}

/**
 * The session's user and second-factor state, plus the page's data, in one statement; null without a valid session.
 * An unreachable database or failing page read throws (503 or error), never a sign-out.
 */
export async function readSessionUser<T = undefined>(
  services: AppServices | undefined,
  ctx: RequestContext,
  { touch = false, access, page, batch }: SessionLookup<T> = {},
): Promise<(SessionUser & { page: T | undefined }) | null> {
  const cookie = ctx.headers.get("cookie");
  if (!services || !cookie?.includes(`${SESSION_COOKIE_PREFIX}.session_token`)) return null;
  const want: Want = { touch, access, page };
  let result: Found | null;
  try {
    result = await (batch ? joinBatch(services, ctx, cookie, want, batch) : lookUp(services, ctx, want));
  } catch (error) {
    if (isDatabaseUnavailable(error) || page) throw error;
    services.logger.warn({ err: error }, "session lookup failed");
    return null;
  }
  if (!result) return null;
  const { page: json, activityRecorded, ...user } = result;
  const signedIn = user.emailVerified && user.secondFactor !== "pending";
  return {
    ...user,
    activityRecorded: touch && activityRecorded,
    page: page && signedIn && json != null ? page.read(json) : undefined,
  };
}
