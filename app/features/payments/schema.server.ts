import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "~/features/accounts/schema.server";

// Payment providers (issue 15): which provider each creator takes payments through, the webhooks received from
// the providers (stored once per provider and event id), and the built-in test provider's own checkouts.

/** not_connected (no row), pending (onboarding started, the provider cannot take charges yet), ready. */
export type ConnectionStatus = "not_connected" | "pending" | "ready";

/** A creator's account at a payment provider (a Stripe connected account, a PayPal merchant id, the test provider). */
export const paymentAccounts = pgTable(
  "payment_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** test, stripe or paypal. */
    provider: text("provider").notNull(),
    /** The provider's id of the seller's account (acct_…, a PayPal merchant id); null for the test provider. */
    externalAccountId: text("external_account_id"),
    status: text("status").$type<Exclude<ConnectionStatus, "not_connected">>().notNull().default("pending"),
    /** What the provider last said (charges_enabled, payouts_enabled, requirements…), no secrets. */
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
 * Every verified webhook, stored before it is processed: the unique (provider, event id) makes a replayed or
 * duplicated delivery a no-op once `processedAt` is set, in the transaction that applied it.
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
    /** Deliveries that found no order for an event (left unprocessed so the provider retries); an alert is logged after a few. */
    unmatchedAttempts: integer("unmatched_attempts").notNull().default(0),
  },
  (t) => [uniqueIndex("webhook_events_provider_event_idx").on(t.provider, t.eventId), index("webhook_events_received_idx").on(t.receivedAt)],
);

/**
 * The built-in test provider's side of a checkout (what Stripe keeps for a Checkout Session): its TEST MODE page
 * at /checkout/test/:id reads and moves it, and reports each outcome to the app as a signed webhook.
 * status: open, requires_action (4000 0025 0000 3155), paid, expired. `lastError` is the last declined attempt.
 */
export const testProviderCheckouts = pgTable(
  "test_provider_checkouts",
  {
    id: text("id").primaryKey(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    description: text("description").notNull(),
    customerEmail: text("customer_email").notNull(),
    /** The app's order this checkout pays (the provider's "client_reference_id"). */
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
