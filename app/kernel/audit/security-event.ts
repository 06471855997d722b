/** The severities of security events, which only the server writes. */
export const SEVERITIES = ["critical", "high", "medium", "low"] as const;
export type Severity = (typeof SEVERITIES)[number];

export type SecurityEventInput = {
  userId?: string | null;
  eventType: string;
  eventCategory: "authentication" | "authorization" | "account" | "session" | "data" | "payment";
  severity: Severity;
  /** 0-10 */
  riskScore: number;
  details?: Record<string, unknown>;
};

/** A stored event: the request's IP and user agent (cut to 512), a UTC time in the details, a 0-10 risk. */
export type SecurityEventRow = {
  userId: string | null;
  eventType: string;
  eventCategory: SecurityEventInput["eventCategory"];
  severity: Severity;
  riskScore: number;
  ipAddress: string | null;
  userAgent: string | null;
  /** JSON text of the details (never secrets: callers pass identifiers and outcomes). */
  details: string;
};

export function securityEventRow(
  event: SecurityEventInput,
  meta: { ipAddress?: string; userAgent?: string },
): SecurityEventRow {
  const userAgent = meta.userAgent?.slice(0, 512) ?? null;
  const details = { ...event.details, userAgent: userAgent ?? undefined, timestamp: new Date().toISOString() };
  return {
    userId: event.userId ?? null,
    eventType: event.eventType,
    eventCategory: event.eventCategory,
    severity: event.severity,
    riskScore: Math.max(0, Math.min(10, Math.round(event.riskScore))),
    ipAddress: meta.ipAddress ?? null,
    userAgent,
    details: JSON.stringify(details),
  };
}
