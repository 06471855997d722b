import type { Database } from "~/db/database";
import { securityAudit } from "~/db/schema";
import type { SecurityEventInput } from "./security-event";

export type RequestMeta = { ipAddress?: string; userAgent?: string };

/**
 * Writes one security event with the request's IP and user agent and a UTC time. `details` must never hold
 * secrets (passwords, tokens, codes): callers pass identifiers and outcomes only.
 */
export async function recordSecurityEvent(db: Database, event: SecurityEventInput, meta: RequestMeta): Promise<void> {
  await db.insert(securityAudit).values({
    userId: event.userId ?? null,
    eventType: event.eventType,
    eventCategory: event.eventCategory,
    severity: event.severity,
    riskScore: Math.max(0, Math.min(10, Math.round(event.riskScore))),
    ipAddress: meta.ipAddress ?? null,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    details: { ...event.details, userAgent: meta.userAgent?.slice(0, 512), timestamp: new Date().toISOString() },
  });
}
