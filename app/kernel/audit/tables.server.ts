import { index, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "~/kernel/session/tables.server";

/** The audit trail: every security-relevant event, written by the server only (the security center reads it). */
export const securityAudit = pgTable(
  "security_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    eventCategory: text("event_category").notNull(),
    severity: text("severity").notNull(),
    riskScore: smallint("risk_score").notNull().default(0),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("security_audit_user_created_idx").on(t.userId, t.createdAt)],
);
