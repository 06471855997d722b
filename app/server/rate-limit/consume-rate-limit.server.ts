import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/** The limits of GUIDE §4, one rule per action; keys add the IP and/or the email. */
export const RATE_LIMITS = {
  /** Failed password sign-ins per (account, client IP): the guesser's own address is stopped first. */
  signIn: { name: "sign-in", limit: 10, windowSeconds: 15 * 60 },
  /**
   * Failed password sign-ins per account from any address: a ceiling far above the per-address one, so nobody
   * can lock an account out cheaply (as GoTrue does; ASVS: at most 100 failed attempts per hour on one account).
   */
  signInAccount: { name: "sign-in-account", limit: 100, windowSeconds: 60 * 60 },
  /** Failed password sign-ins per client IP across accounts (password spraying from one address). */
  signInAddress: { name: "sign-in-address", limit: 50, windowSeconds: 15 * 60 },
  signUp: { name: "sign-up", limit: 5, windowSeconds: 60 * 60 },
  passwordReset: { name: "password-reset", limit: 5, windowSeconds: 60 * 60 },
  verificationMail: { name: "verification-mail", limit: 5, windowSeconds: 60 * 60 },
  magicLink: { name: "magic-link", limit: 5, windowSeconds: 60 * 60 },
  contact: { name: "contact", limit: 5, windowSeconds: 60 * 60 },
  /** Second-factor codes (sign-in challenge), per client IP; the account itself locks after repeated failures. */
  twoFactor: { name: "two-factor", limit: 10, windowSeconds: 15 * 60 },
  /** Re-authentication in settings (change email/password, delete account): wrong passwords per signed-in user. */
  currentPassword: { name: "current-password", limit: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/** One counter: a rule and what it counts (`ip:…`, `email:…`, `user:…` or a combination). */
export type RateLimitKey = { rule: RateLimitRule; key: string };

export type RateLimitDecision = { allowed: boolean; retryAfterSeconds: number };

/** A counted attempt whose outcome decides whether it stays counted (see `reserveRateLimits`). */
export type RateLimitReservation = RateLimitDecision & {
  /** The attempts counted on `rule`'s bucket in its window, this one included (0 when it was not reserved). */
  hits: (rule: RateLimitRule) => number;
  /** Takes the attempt back (it succeeded, or was refused unchecked); at most once, and only in its own window. */
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

/**
 * Runs one rate-limit statement again when PostgreSQL chose it as a deadlock victim (its effect was rolled back
 * whole). Every statement here takes its rows in one order, so this is a safety net, not the design.
 */
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

/**
 * Counts one attempt on every key in ONE statement and decides from the counts it returns, so parallel requests
 * can never all pass a check before any of them is counted (issue 13.8). Each bucket is a fixed window: the
 * first hit after the window has passed starts a new one. Buckets are written in a fixed order (no deadlock
 * between two requests sharing two buckets). Shared by every instance through the database.
 */
async function countAttempt(db: Database, keys: RateLimitKey[]): Promise<Counted[]> {
  const unique = new Map<string, RateLimitKey>();
  for (const key of keys) unique.set(bucketOf(key), key);
  const rows = [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const values = sql.join(
    rows.map(([bucket, { rule }]) => sql`(${bucket}::text, ${rule.windowSeconds}::int, ${rule.limit}::int)`),
    sql`, `,
  );
  const result = await withDeadlockRetry(() =>
    db.execute(sql`
    with input (bucket, window_seconds, lim) as (values ${values})
    insert into app_rate_limits as r (bucket, hits, window_started_at)
    select bucket, 1, now() from input order by bucket collate "C"
    on conflict (bucket) do update set
      hits = case when r.window_started_at <= now() - make_interval(secs => (select window_seconds from input where input.bucket = excluded.bucket))
        then 1 else r.hits + 1 end,
      window_started_at = case when r.window_started_at <= now() - make_interval(secs => (select window_seconds from input where input.bucket = excluded.bucket))
        then now() else r.window_started_at end
    returning r.bucket, r.hits, r.window_started_at::text as window_started_at,
      (select lim from input where input.bucket = r.bucket) as "limit",
      ceil(extract(epoch from (r.window_started_at + make_interval(secs => (select window_seconds from input where input.bucket = r.bucket)) - now())))::int as retry_after
  `),
  );
  return (result as unknown as { rows: Counted[] }).rows;
}

function decide(counted: Counted[]): RateLimitDecision {
  const over = counted.filter((row) => Number(row.hits) > Number(row.limit));
  const retryAfterSeconds = Math.max(1, ...over.map((row) => Number(row.retry_after)));
  return { allowed: over.length === 0, retryAfterSeconds };
}

/**
 * Counts one attempt against every key, atomically (one statement), and allows it only when no key is over
 * its limit. For limits on every request (sign-up, mail, contact, second-factor codes).
 */
export async function consumeRateLimits(db: Database, keys: RateLimitKey[]): Promise<RateLimitDecision> {
  return decide(await countAttempt(db, keys));
}

/** `consumeRateLimits` for one key. */
export async function consumeRateLimit(db: Database, rule: RateLimitRule, key: string): Promise<RateLimitDecision> {
  return consumeRateLimits(db, [{ rule, key }]);
}

/**
 * For limits on failures only (sign-in, re-authentication): the attempt is counted up front in the same single
 * statement — so no more than `limit` checks can ever be in flight or done in a window, however many arrive at
 * once — and `release()` takes it back when it turns out not to be a failure (the right password) or when it
 * was refused without being checked. What stays counted is the failures.
 */
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
      // Rows are locked in the same order as `countAttempt` writes them: an UPDATE … FROM alone locks them in
      // whatever order its join produces, and a release crossing a parallel count in the other order deadlocked
      // (one request of 30 parallel sign-ins failed that way in CI on PostgreSQL 15).
      await withDeadlockRetry(() =>
        db.execute(sql`
          with taken (bucket, window_started_at) as (values ${rows}),
          locked as (
            select r.bucket from app_rate_limits as r join taken on r.bucket = taken.bucket and r.window_started_at = taken.window_started_at
            order by r.bucket collate "C" for update of r
          )
          update app_rate_limits as r set hits = greatest(r.hits - 1, 0) from locked where r.bucket = locked.bucket
        `),
      );
    },
  };
}
