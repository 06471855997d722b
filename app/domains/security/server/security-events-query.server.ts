import { sql } from "drizzle-orm";
import type { PageQuery } from "~/kernel/session/page-query.server";
import { SECURITY_EVENTS_LIMIT, type SecurityEventSummary } from "./security-event-columns.server";

const COLUMNS = sql`id, event_type as "eventType", event_category as "eventCategory", severity, risk_score as "riskScore", ip_address as "ipAddress", details, created_at as "createdAt"`;

/** The signed-in user's newest security events, including the `authorized_access` event this statement writes. */
export const securityEventsQuery: PageQuery<SecurityEventSummary[]> = {
  json: sql`(
    select coalesce(json_agg(e order by e."createdAt" desc), '[]'::json) from (
      select * from (
        (select ${COLUMNS} from access)
        union all
        (select ${COLUMNS} from security_audit where user_id = me.user_id
          order by created_at desc limit ${SECURITY_EVENTS_LIMIT})
      ) newest order by "createdAt" desc limit ${SECURITY_EVENTS_LIMIT}
    ) e
  )`,
  read: (json) =>
    ((json ?? []) as (Omit<SecurityEventSummary, "createdAt"> & { createdAt: string })[]).map((e) => ({
      ...e,
      createdAt: new Date(e.createdAt),
    })),
};
