import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "~/kernel/session/tables.server";

// Payment providers: each creator's provider account, received webhooks and the built-in test provider's checkouts.

/** not_connected (no row), pending (onboarding started, no charges yet) or ready. */
export type ConnectionStatus = "not_connected" | "pending" | "ready";

/** A creator's account at a payment provider. */
export const paymentAccounts = pgTable(
  "payment_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** test, stripe or paypal. */
    provider: text("provider").notNull(),
    /** The provider's id of the seller's account; null for the test provider. */
    externalAccountId: text("external_account_id"),
    status: text("status").$type<Exclude<ConnectionStatus, "not_connected">>().notNull().default("pending"),
    /** What the provider last reported about the account, without secrets. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [
    uniqueIndex("payment_accounts_user_provider_idx").on(t.userId, t.provider),
    uniqueIndex("payment_accounts_external_idx").on(t.provider, t.externalAccountId),
  ],
);

/**
 * Every verified webhook, stored before processing; the unique (provider, event id) makes redeliveries no-ops once
 * processed.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<unknown>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).defaultNow().notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    error: text("error"),
    /** Deliveries that found no order, left unprocessed so the provider retries; an alert is logged after a few. */
    unmatchedAttempts: integer("unmatched_attempts").notNull().default(0),
  },
  (t) => [
    uniqueIndex("webhook_events_provider_event_idx").on(t.provider, t.eventId),
    index("webhook_events_received_idx").on(t.receivedAt),
  ],
);

/** The test provider's side of a checkout, moved by its TEST MODE page and reported to the app as signed webhooks. */
export const testProviderCheckouts = pgTable(
  "test_provider_checkouts",
  {
    id: text("id").primaryKey(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    description: text("description").notNull(),
    customerEmail: text("customer_email").notNull(),
    /** The app's order this checkout pays. */
    reference: text("reference").notNull(),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    status: text("status").notNull().default("open"),
    paymentId: text("payment_id"),
    lastError: text("last_error"),
    refundedCents: bigint("refunded_cents", { mode: "number" }).notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex("test_provider_checkouts_payment_idx").on(t.paymentId)],
);
