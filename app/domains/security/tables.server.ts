import { bigint, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "~/kernel/session/tables.server";

// Two-factor authentication: TOTP secrets encrypted, backup codes hashed.

export const twoFactor = pgTable("two_factor", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** The base32 secret, encrypted with a key derived from AUTH_SECRET. */
  secretEncrypted: text("secret_encrypted").notNull(),
  /** Null while setup waits for the first code. */
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  /** The last accepted TOTP time-step: a code is accepted once. */
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
});

/** One row per backup code, stored as a keyed hash; used_at makes each single-use. */
export const backupCodes = pgTable(
  "backup_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex("backup_codes_user_hash_idx").on(t.userId, t.codeHash)],
);
