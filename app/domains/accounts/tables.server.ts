import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** ALTCHA challenges already used: a challenge is accepted once. */
export const captchaUses = pgTable("captcha_uses", {
  challengeId: text("challenge_id").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
