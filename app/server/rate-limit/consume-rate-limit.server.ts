import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/** The rate limits, one rule per action. */
export const RATE_LIMITS = {
  /** Failed password sign-ins per account and client IP. */
  signIn: { name: "sign-in", limit: 10, windowSeconds: 15 * 60 },
  /**
   * Failed password sign-ins per account, far above the per-address ceiling so nobody can cheaply lock an account out.
   */
  signInAccount: { name: "sign-in-account", limit: 100, windowSeconds: 60 * 60 },
  /** Failed password sign-ins per client IP across accounts, against password spraying. */
  signInAddress: { name: "sign-in-address", limit: 50, windowSeconds: 15 * 60 },
  signUp: { name: "sign-up", limit: 5, windowSeconds: 60 * 60 },
  passwordReset: { name: "password-reset", limit: 5, windowSeconds: 60 * 60 },
  verificationMail: { name: "verification-mail", limit: 5, windowSeconds: 60 * 60 },
  magicLink: { name: "magic-link", limit: 5, windowSeconds: 60 * 60 },
  contact: { name: "contact", limit: 5, windowSeconds: 60 * 60 },
  /** Email sign-ups on bio pages per client IP; past BIO_SIGNUP_CAPTCHA_AFTER a captcha is asked. */
  bioSignup: { name: "bio-signup", limit: 20, windowSeconds: 60 * 60 },
  /** Email sign-ups per bio page from everyone, against a flood from many addresses. */
  bioSignupPage: { name: "bio-signup-page", limit: 500, windowSeconds: 60 * 60 },
  /** Second-factor codes per client IP; the account itself locks after repeated failures. */
  twoFactor: { name: "two-factor", limit: 10, windowSeconds: 15 * 60 },
  /** Wrong re-authentication passwords in settings per signed-in user. */
  currentPassword: { name: "current-password", limit: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/** One counter: a rule and what it counts. */
export type RateLimitKey = { rule: RateLimitRule; key: string };

export type RateLimitDecision = { allowed: boolean; retryAfterSeconds: number };

/** A counted attempt whose outcome decides whether it stays counted. */
export type RateLimitReservation = RateLimitDecision & {
  /** Attempts counted on `rule`'s bucket in its window, this one included. */
  hits: (rule: RateLimitRule) => number;
  /** Takes the attempt back once, within its own window. */
  release: () => Promise<void>;
};

type Counted = { bucket: string; hits: number; limit: number; retry_after: number; window_started_at: string };

const DEADLOCK_DETECTED = "40P01";
const DEADLOCK_RETRIES = 3;

function isDeadlock(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === DEADLOCK_DETECTED) return true;
  }
  return false;
}

/** Reruns a statement chosen as deadlock victim; only a safety net, as rows are locked in one order. */
async function withDeadlockRetry<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      if (attempt > DEADLOCK_RETRIES || !isDeadlock(error)) throw error;
    }
  }
}

function bucketOf({ rule, key }: RateLimitKey): string {
  return `${rule.name}:${key}`.slice(0, 512);
}

/** Counts one attempt on every key in one statement, so parallel requests cannot all pass before being counted. */
async function countAttempt(db: Database, keys: RateLimitKey[]): Promise<Counted[]> {
  const unique = new Map<string, RateLimitKey>();
  for (const key of keys) unique.set(bucketOf(key), key);
  const rows = [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const values = sql.join(
    rows.map(([bucket, { rule }]) => sql`(${bucket}::text, ${rule.windowSeconds}::int, ${rule.limit}::int)`),
    sql`, `,
  );
  const result = await withDeadlockRetry(() =>
    db.execute<Counted>(sql`
    with input (bucket, window_seconds, lim) as (values ${values})
    insert into app_rate_limits as r (bucket, hits, window_started_at)
    select bucket, 1, now() from input order by bucket collate "C"
    on conflict (bucket) do update set
      hits = case when r.window_started_at <= now() - make_interval(secs => (select window_seconds from input
        where input.bucket = excluded.bucket))
        then 1 else r.hits + 1 end,
      window_started_at = case when r.window_started_at <= now() - make_interval(secs => (select window_seconds
        from input where input.bucket = excluded.bucket))
        then now() else r.window_started_at end
    returning r.bucket, r.hits, r.window_started_at::text as window_started_at,
      (select lim from input where input.bucket = r.bucket) as "limit",
      ceil(extract(epoch from (r.window_started_at + make_interval(secs => (select window_seconds from input
        where input.bucket = r.bucket)) - now())))::int as retry_after
  `),
  );
  return result.rows;
}

function decide(counted: Counted[]): RateLimitDecision {
  const over = counted.filter((row) => Number(row.hits) > Number(row.limit));
  const retryAfterSeconds = Math.max(1, ...over.map((row) => Number(row.retry_after)));
  return { allowed: over.length === 0, retryAfterSeconds };
}

/** Counts an attempt on every key atomically, allowing it only when no key is over its limit. */
export async function consumeRateLimits(db: Database, keys: RateLimitKey[]): Promise<RateLimitDecision> {
  return decide(await countAttempt(db, keys));
}

/** `consumeRateLimits` for one key. */
export async function consumeRateLimit(db: Database, rule: RateLimitRule, key: string): Promise<RateLimitDecision> {
  return consumeRateLimits(db, [{ rule, key }]);
}

/** Reserves an attempt for failure-only limits; `release()` takes it back for a success. */
export async function reserveRateLimits(db: Database, keys: RateLimitKey[]): Promise<RateLimitReservation> {
  const counted = await countAttempt(db, keys);
  let released = false;
  return {
    ...decide(counted),
    hits(rule) {
      return Number(counted.find((row) => row.bucket.startsWith(`${rule.name}:`))?.hits ?? 0);
    },
    async release() {
      if (released || counted.length === 0) return;
      released = true;
      const rows = sql.join(
        counted.map((row) => sql`(${row.bucket}::text, ${row.window_started_at}::timestamptz)`),
        sql`, `,
      );
      // Locks rows in `countAttempt`'s order; UPDATE … FROM alone locks in join order and can deadlock.
      await withDeadlockRetry(() =>
        db.execute(sql`
          with taken (bucket, window_started_at) as (values ${rows}),
          locked as (
            select r.bucket from app_rate_limits as r join taken on r.bucket = taken.bucket
              and r.window_started_at = taken.window_started_at
            order by r.bucket collate "C" for update of r
          )
          update app_rate_limits as r set hits = greatest(r.hits - 1, 0) from locked where r.bucket = locked.bucket
        `),
      );
    },
  };
}
