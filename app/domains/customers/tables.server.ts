import { index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "~/kernel/session/tables.server";

// People who asked for a seller's news without buying: their consent and how to take it back.

/** An address that confirmed joining a seller's list; `unsubscribedAt` set once they left. */
export const customerSubscribers = pgTable(
  "customer_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** Where they signed up, e.g. `bio`. */
    source: text("source").notNull(),
    /** The words they agreed to, as shown. */
    consentText: text("consent_text").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).defaultNow().notNull(),
    /** SHA-256 of the one-click unsubscribe token (base64url). */
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull().unique(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** Who confirmed the subscription from the emailed link: their IP and user agent, kept with the consent. */
    consentIp: text("consent_ip"),
    consentUserAgent: text("consent_user_agent"),
  },
  (t) => [
    unique("customer_subscribers_seller_email_key").on(t.sellerId, t.email),
    index("customer_subscribers_seller_idx").on(t.sellerId, t.consentedAt),
  ],
);

/**
 * A sign-up waiting for its address's owner to open the emailed link: no subscriber, and no mail but that one, until
 * then. One per seller and address, the latest link replacing an earlier one.
 */
export const subscriberConfirmations = pgTable(
  "subscriber_confirmations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    source: text("source").notNull(),
    /** The words ticked on the form, recorded as the consent once confirmed. */
    consentText: text("consent_text").notNull(),
    /** SHA-256 of the confirmation token (base64url). */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    unique("subscriber_confirmations_seller_email_key").on(t.sellerId, t.email),
    index("subscriber_confirmations_seller_idx").on(t.sellerId, t.expiresAt),
  ],
);
