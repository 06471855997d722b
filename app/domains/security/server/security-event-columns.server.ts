import { securityAudit } from "~/kernel/audit/tables.server";

/** The most events the list and the live list hold. */
export const SECURITY_EVENTS_LIMIT = 50;

/** The columns a panel shows of an event (no user id, no user agent twice). */
export const SECURITY_EVENT_COLUMNS = {
  id: securityAudit.id,
  eventType: securityAudit.eventType,
  eventCategory: securityAudit.eventCategory,
  severity: securityAudit.severity,
  riskScore: securityAudit.riskScore,
  ipAddress: securityAudit.ipAddress,
  details: securityAudit.details,
  createdAt: securityAudit.createdAt,
};

export type SecurityEventSummary = {
  id: string;
  eventType: string;
  eventCategory: string;
  severity: string;
  riskScore: number;
  ipAddress: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
};
