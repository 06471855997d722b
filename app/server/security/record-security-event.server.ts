import { sql } from "drizzle-orm";
import type { Database } from "~/db/database";
import type { SecurityEventInput } from "./security-event";

export type RequestMeta = { ipAddress?: string; userAgent?: string };

/** The Postgres channel on which every new security event is announced (id and user), for live panels. */
export const SECURITY_EVENTS_CHANNEL = "security_events";

/**
 * Writes one security event with the request's IP and user agent and a UTC time, and announces it on
 * SECURITY_EVENTS_CHANNEL in the same statement (delivered on commit, so a rolled-back change announces
 * nothing). `details` must never hold secrets (passwords, tokens, codes): callers pass identifiers and outcomes.
 */
export async function recordSecurityEvent(db: Database, event: SecurityEventInput, meta: RequestMeta): Promise<void> {
  const userAgent = meta.userAgent?.slice(0, 512) ?? null;
  const details = { ...event.details, userAgent: userAgent ?? undefined, timestamp: new Date().toISOString() };
  const riskScore = Math.max(0, Math.min(10, Math.round(event.riskScore)));
  await db.execute(sql`
    with inserted as (
      insert into security_audit (user_id, event_type, event_category, severity, risk_score, ip_address, user_agent, details)
      values (${event.userId ?? null}, ${event.eventType}, ${event.eventCategory}, ${event.severity}, ${riskScore}, ${meta.ipAddress ?? null}, ${userAgent}, ${JSON.stringify(details)}::jsonb)
      returning id, user_id
    )
    select pg_notify(${SECURITY_EVENTS_CHANNEL}, json_build_object('id', id, 'userId', user_id)::text) from inserted
  `);
}
