import { index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "~/features/accounts/schema.server";

// People who asked for a seller's news without buying: their consent and how to take it back.

/** An address that joined a seller's list with consent; `unsubscribedAt` set once they left. */
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
  },
  (t) => [
    unique("customer_subscribers_seller_email_key").on(t.sellerId, t.email),
    index("customer_subscribers_seller_idx").on(t.sellerId, t.consentedAt),
  ],
);
