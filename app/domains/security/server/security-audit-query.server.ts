import { sql } from "drizzle-orm";
import { isExposedAuthEndpoint } from "~/kernel/session/exposed-auth-endpoints.server";
import { LAST_ACTIVE_WRITE_SECONDS } from "~/kernel/session/read-session-user.server";
import type { PageQuery } from "~/kernel/session/page-query.server";
import { SECURITY_FIX_EVENT } from "./record-security-fixes.server";

export type AuditStatus = "fixed" | "monitoring" | "attention";
export type AuditItem = {
  id: string;
  title: string;
  severity: "critical" | "high" | "medium";
  status: AuditStatus;
  detail: string;
  checkedAt: Date;
  /** When the security log recorded the fix, for a passing check of a fix; else null. */
  fixedAt: Date | null;
};

/** Endpoints that would hand out secrets, codes or tokens if they were reachable over HTTP. */
const SECRET_BEARING_ENDPOINTS: [string, string][] = [
  ["POST", "/two-factor/enable"],
  ["POST", "/two-factor/get-totp-uri"],
  ["POST", "/two-factor/generate-backup-codes"],
  ["GET", "/two-factor/view-backup-codes"],
  ["GET", "/list-sessions"],
  ["POST", "/get-access-token"],
  ["GET", "/account-info"],
];

/** The security audit results, each checked live against the real system rather than claimed. */
export const securityAuditQuery: PageQuery<AuditItem[]> = {
  json: sql`json_build_object(
    'plain_secrets', (select count(*) from two_factor where secret_encrypted ~ '^[A-Z2-7]{16,}=*$'),
    'secrets', (select count(*) from two_factor),
    'plain_codes', (select count(*) from backup_codes where code_hash !~ '^[0-9a-f]{64}$'),
    'codes', (select count(*) from backup_codes),
    'fixed_at', (select created_at from security_audit where user_id is null and event_type = ${SECURITY_FIX_EVENT}
      order by created_at desc limit 1),
    'activity_recorded', me.touched_at is not null
      or (select coalesce(last_active_at, created_at) > now() - make_interval(secs => ${LAST_ACTIVE_WRITE_SECONDS * 2})
        from session where id = me.session_id)
  )`,
  read: (json) => auditItems((json ?? {}) as Record<string, string | number | boolean | null>),
};

function auditItems(row: Record<string, string | number | boolean | null>): AuditItem[] {
  const checkedAt = new Date();
  const fixedAt = typeof row.fixed_at === "string" ? new Date(row.fixed_at) : null;
  const fixed = (passing: boolean) => (passing ? fixedAt : null);
  const exposed = SECRET_BEARING_ENDPOINTS.filter(([method, path]) => isExposedAuthEndpoint(method, path));
  const plainSecrets = Number(row.plain_secrets ?? 0);
  const plainCodes = Number(row.plain_codes ?? 0);
  return [
    {
      id: "2fa-secrets-exposure",
      title: "2FA secrets exposure",
      severity: "critical",
      status: plainSecrets === 0 ? "fixed" : "attention",
      fixedAt: fixed(plainSecrets === 0),
      detail:
        plainSecrets === 0
          ? `All ${Number(row.secrets ?? 0)} stored secrets are encrypted at rest and never sent after setup.`
          : `${plainSecrets} secrets are stored unencrypted.`,
      checkedAt,
    },
    {
      id: "direct-database-secret-access",
      title: "Direct database secret access",
      severity: "high",
      status: exposed.length === 0 ? "fixed" : "attention",
      fixedAt: fixed(exposed.length === 0),
      detail:
        exposed.length === 0
          ? "No endpoint that returns secrets, codes or tokens is reachable over HTTP."
          : `Reachable: ${exposed.map(([m, p]) => `${m} ${p}`).join(", ")}`,
      checkedAt,
    },
    {
      id: "backup-code-plaintext-storage",
      title: "Backup code plaintext storage",
      severity: "high",
      status: plainCodes === 0 ? "fixed" : "attention",
      fixedAt: fixed(plainCodes === 0),
      detail:
        plainCodes === 0
          ? `All ${Number(row.codes ?? 0)} stored backup codes are keyed hashes, each usable once.`
          : `${plainCodes} backup codes are not hashed.`,
      checkedAt,
    },
    {
      id: "session-security-monitoring",
      title: "Session security monitoring",
      severity: "medium",
      status: row.activity_recorded ? "monitoring" : "attention",
      fixedAt: null,
      detail: row.activity_recorded
        ? "Session activity is recorded and every session can be ended at once."
        : "Session activity is not being recorded.",
      checkedAt,
    },
  ];
}
