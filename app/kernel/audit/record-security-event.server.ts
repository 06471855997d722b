import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { securityEventRow, type SecurityEventInput } from "./security-event";

import type { RequestMeta } from "~/server/http/request-meta.server";

export type { RequestMeta };

/** The Postgres channel on which every new security event is announced (id and user), for live panels. */
export const SECURITY_EVENTS_CHANNEL = "security_events";

/**
 * Writes a security event and announces it in the same statement, so a rolled-back change announces nothing.
 * `details` must never hold secrets: pass identifiers and outcomes.
 */
export async function recordSecurityEvent(db: Database, event: SecurityEventInput, meta: RequestMeta): Promise<void> {
  const row = securityEventRow(event, meta);
  await db.execute(sql`
    with inserted as (
      insert into security_audit (user_id, event_type, event_category, severity, risk_score, ip_address, user_agent,
        details)
      values (${row.userId}, ${row.eventType}, ${row.eventCategory}, ${row.severity}, ${row.riskScore},
        ${row.ipAddress}, ${row.userAgent}, ${row.details}::jsonb)
      returning id, user_id
    )
    select pg_notify(${SECURITY_EVENTS_CHANNEL}, json_build_object('id', id, 'userId', user_id)::text) from inserted
  `);
}
