import { and, count, eq, gte } from "drizzle-orm";
import { securityAudit } from "~/db/schema";
import { SECURITY_ALERT_RISK, THREAT_WINDOW_HOURS } from "~/lib/security-format";
import type { CurrentUser } from "../auth/get-current-user.server";
import { hasPassword } from "../auth/has-password.server";
import type { AppServices } from "../services";
import { getTwoFactorStatus } from "../two-factor/get-two-factor-status.server";
import { listSecurityEvents } from "./list-security-events.server";
import { listSessions } from "./list-sessions.server";
import { runSecurityAudit } from "./run-security-audit.server";

/** Everything the security dashboard shows for the signed-in user, read in parallel. */
export async function getSecurityOverview(services: AppServices, user: CurrentUser) {
  const { db } = services;
  const since = new Date(Date.now() - THREAT_WINDOW_HOURS * 3_600_000);
  const [twoFactor, sessions, events, audit, [alerts], canUsePassword] = await Promise.all([
    getTwoFactorStatus(db, user.id),
    listSessions(db, user.id, user.sessionId),
    listSecurityEvents(db, user.id),
    runSecurityAudit(services, user.sessionId),
    db
      .select({ n: count() })
      .from(securityAudit)
      .where(and(eq(securityAudit.userId, user.id), gte(securityAudit.riskScore, SECURITY_ALERT_RISK), gte(securityAudit.createdAt, since))),
    hasPassword(db, user.id),
  ]);
  return { twoFactor, sessions, events, audit, recentAlerts: Number(alerts?.n ?? 0), hasPassword: canUsePassword };
}
