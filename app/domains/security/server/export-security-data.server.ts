import { desc, eq } from "drizzle-orm";
import { profiles } from "~/kernel/store/tables.server";
import { securityAudit } from "~/kernel/audit/tables.server";
import { user as users } from "~/kernel/session/tables.server";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import type { AppServices } from "~/server/services.server";
import { listSessions } from "./list-sessions.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import type { RequestContext } from "~/server/http/request-context.server";

export const EXPORT_NOTE =
  "Your Sellkit profile, security events and sessions. Passwords, two-factor secrets, backup codes and session tokens are never exported.";

/** The user's security export, picked column by column so no hash, secret, code or token can slip in. */
export async function exportSecurityData(services: AppServices, ctx: RequestContext, user: CurrentUser) {
  const { db } = services;
  const [profile] = await db
    .select({
      email: users.email,
      name: users.name,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      dateOfBirth: profiles.dateOfBirth,
      avatarUrl: profiles.avatarUrl,
      plan: profiles.plan,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, user.id))
    .limit(1);
  const securityLogs = await db
    .select({
      eventType: securityAudit.eventType,
      eventCategory: securityAudit.eventCategory,
      severity: securityAudit.severity,
      riskScore: securityAudit.riskScore,
      ipAddress: securityAudit.ipAddress,
      userAgent: securityAudit.userAgent,
      details: securityAudit.details,
      createdAt: securityAudit.createdAt,
    })
    .from(securityAudit)
    .where(eq(securityAudit.userId, user.id))
    .orderBy(desc(securityAudit.createdAt));
  const sessions = (await listSessions(db, user.id, user.sessionId)).map(({ id: _, ...rest }) => rest);
  await recordSecurityEvent(
    db,
    { userId: user.id, eventType: "data_exported", eventCategory: "data", severity: "low", riskScore: 1 },
    ctx.meta,
  );
  return { profile: profile ?? null, securityLogs, sessions, exportedAt: new Date().toISOString(), note: EXPORT_NOTE };
}
