import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** The risk points a successful sign-in scores, on the events' 0–10 scale. */
export const SIGN_IN_RISK = {
  /** A browser (user agent) this account has not signed in from before. */
  newDevice: 3,
  /** An IP address this account has not signed in from before. */
  newIp: 2,
  /** At least FAILURES_BEFORE_RISK failed sign-ins with this email in the last FAILURE_WINDOW_MINUTES. */
  recentFailures: 3,
} as const;
export const FAILURES_BEFORE_RISK = 3;
export const FAILURE_WINDOW_MINUTES = 15;

export type SignInRisk = {
  riskScore: number;
  newDevice: boolean;
  newIp: boolean;
  recentFailures: number;
  firstSignIn: boolean;
};

/** Scores a sign-in from the account's history before it; an account's very first sign-in is not a "new device". */
export async function assessSignInRisk(
  db: Database,
  input: { userId: string; ipAddress?: string | null; userAgent?: string | null },
): Promise<SignInRisk> {
  const result = await db.execute<Record<string, boolean | string | number>>(sql`
    select
      exists (select 1 from security_audit where user_id = ${input.userId}
        and event_type = 'sign_in_success') as has_history,
      exists (select 1 from security_audit where user_id = ${input.userId} and event_type = 'sign_in_success'
        and user_agent is not distinct from ${input.userAgent ?? null}) as known_device,
      exists (select 1 from security_audit where user_id = ${input.userId} and event_type = 'sign_in_success'
        and ip_address is not distinct from ${input.ipAddress ?? null}) as known_ip,
      (select count(*) from security_audit where event_type = 'sign_in_failed' and details->>'email' = (select email
        from "user" where id = ${input.userId})
        and created_at > now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})) as failures
  `);
  const row = result.rows[0] ?? {};
  const firstSignIn = !row.has_history;
  const newDevice = !firstSignIn && !row.known_device;
  const newIp = !firstSignIn && !row.known_ip;
  const recentFailures = Number(row.failures ?? 0);
  const riskScore =
    (newDevice ? SIGN_IN_RISK.newDevice : 0) +
    (newIp ? SIGN_IN_RISK.newIp : 0) +
    (recentFailures >= FAILURES_BEFORE_RISK ? SIGN_IN_RISK.recentFailures : 0);
  return { riskScore: Math.min(10, riskScore), newDevice, newIp, recentFailures, firstSignIn };
}
