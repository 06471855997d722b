import { sql } from "drizzle-orm";
import { SECURITY_ALERT_RISK, THREAT_WINDOW_HOURS } from "~/domains/security/security-format";
import { hasPasswordQuery } from "~/kernel/session/has-password-query.server";
import { combinePageQueries, type PageQuery } from "~/kernel/session/page-query.server";
import { twoFactorStatusQuery } from "./two-factor/two-factor-status-query.server";
import { securityAuditQuery } from "./security-audit-query.server";
import { securityEventsQuery } from "./security-events-query.server";
import { sessionsQuery } from "./sessions-query.server";

/** Alerts (risk ≥ SECURITY_ALERT_RISK) of the signed-in user in the last THREAT_WINDOW_HOURS. */
const recentAlertsQuery: PageQuery<number> = {
  json: sql`(select count(*) from security_audit where user_id = me.user_id and risk_score >= ${SECURITY_ALERT_RISK}
    and created_at >= now() - make_interval(hours => ${THREAT_WINDOW_HOURS}))`,
  read: (json) => Number(json ?? 0),
};

/** Everything the security dashboard shows for the signed-in user. */
export const securityOverviewQuery = combinePageQueries({
  twoFactor: twoFactorStatusQuery,
  sessions: sessionsQuery,
  events: securityEventsQuery,
  audit: securityAuditQuery,
  recentAlerts: recentAlertsQuery,
  hasPassword: hasPasswordQuery,
});

export type SecurityOverview = ReturnType<typeof securityOverviewQuery.read>;
