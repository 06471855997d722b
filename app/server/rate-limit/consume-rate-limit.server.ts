import { sql } from "drizzle-orm";
import type { Database } from "~/db/database";

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/** The limits of GUIDE §4, one rule per action; keys add the IP and/or the email. */
export const RATE_LIMITS = {
  signIn: { name: "sign-in", limit: 10, windowSeconds: 15 * 60 },
  signUp: { name: "sign-up", limit: 5, windowSeconds: 60 * 60 },
  passwordReset: { name: "password-reset", limit: 5, windowSeconds: 60 * 60 },
  verificationMail: { name: "verification-mail", limit: 5, windowSeconds: 60 * 60 },
  magicLink: { name: "magic-link", limit: 5, windowSeconds: 60 * 60 },
  contact: { name: "contact", limit: 5, windowSeconds: 60 * 60 },
  /** Second-factor codes (sign-in challenge), per client IP; the account itself locks after repeated failures. */
  twoFactor: { name: "two-factor", limit: 10, windowSeconds: 15 * 60 },
  /** Re-authentication in settings (change email/password, delete account): attempts per signed-in user. */
  currentPassword: { name: "current-password", limit: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/**
 * Counts one attempt against `rule` for `key` in a fixed window, atomically in the database (so every
 * instance shares the count). Returns whether the attempt is allowed and when the window resets.
 */
export async function consumeRateLimit(db: Database, rule: RateLimitRule, key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const bucket = `${rule.name}:${key}`.slice(0, 512);
  const result = await db.execute(sql`
    insert into app_rate_limits (bucket, hits, window_started_at)
    values (${bucket}, 1, now())
    on conflict (bucket) do update set
      hits = case when app_rate_limits.window_started_at < now() - make_interval(secs => ${rule.windowSeconds}) then 1 else app_rate_limits.hits + 1 end,
      window_started_at = case when app_rate_limits.window_started_at < now() - make_interval(secs => ${rule.windowSeconds}) then now() else app_rate_limits.window_started_at end
    returning hits, extract(epoch from (window_started_at + make_interval(secs => ${rule.windowSeconds}) - now()))::int as retry_after
  `);
  const row = (result as unknown as { rows: { hits: number; retry_after: number }[] }).rows[0]!;
  return { allowed: Number(row.hits) <= rule.limit, retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
}
