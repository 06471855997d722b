/** Security events (SPEC §3 security_audit), written by the server only. */
export const SEVERITIES = ["critical", "high", "medium", "low"] as const;
export type Severity = (typeof SEVERITIES)[number];

export type SecurityEventInput = {
  userId?: string | null;
  eventType: string;
  eventCategory: "authentication" | "authorization" | "account" | "session" | "data";
  severity: Severity;
  /** 0-10 */
  riskScore: number;
  details?: Record<string, unknown>;
};
