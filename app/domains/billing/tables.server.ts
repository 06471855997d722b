import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { BillingHistoryKind, BillingProviderId, SubscriptionStatus } from "~/domains/billing/subscription-state";
import type { BillingInvoice } from "~/domains/billing/server/billing-provider.server";
import { user } from "~/kernel/session/tables.server";
import type { PlanId } from "~/lib/plans";

// Sellkit's own plans: the creators' customers and subscription as the providers' events left them, and the
// built-in test provider's own storage, which Sellkit's tables mirror only through events.

const moment = (name: string) => timestamp(name, { withTimezone: true });

/** A creator's customer at a billing provider (Stripe: a Customer). */
export const billingCustomers = pgTable(
  "billing_customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").$type<BillingProviderId>().notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: moment("created_at").defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex("billing_customers_user_provider_idx").on(t.userId, t.provider),
    uniqueIndex("billing_customers_provider_customer_idx").on(t.provider, t.customerId),
  ],
);

/** A creator's one subscription, as the latest applied snapshot left it; the unique user id makes two tabs one. */
export const billingSubscriptions = pgTable(
  "billing_subscriptions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").$type<BillingProviderId>().notNull(),
    customerId: text("customer_id").notNull(),
    subscriptionId: text("subscription_id").notNull(),
    plan: text("plan").$type<PlanId>().notNull(),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    trialEndsAt: moment("trial_ends_at"),
    currentPeriodEnd: moment("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    scheduledPlan: text("scheduled_plan").$type<PlanId>(),
    hasPaymentMethod: boolean("has_payment_method").notNull().default(false),
    cardFingerprint: text("card_fingerprint"),
    /** When a past-due plan lapses unless a payment succeeds, on the provider's clock. */
    graceEndsAt: moment("grace_ends_at"),
    /** The provider time of the snapshot applied last: an older one is ignored. */
    snapshotAt: moment("snapshot_at").notNull(),
    createdAt: moment("created_at").defaultNow().notNull(),
    updatedAt: moment("updated_at")
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [
    uniqueIndex("billing_subscriptions_provider_subscription_idx").on(t.provider, t.subscriptionId),
    index("billing_subscriptions_grace_idx").on(t.graceEndsAt).where(sql`status = 'past_due'`),
  ],
);

/** Every provider event seen, once per (provider, event id); `outcome` says what it did. */
export const billingEvents = pgTable(
  "billing_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").$type<BillingProviderId>().notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** applied, stale (an older snapshot than the one in force) or ignored (no such customer). */
    outcome: text("outcome").$type<"applied" | "stale" | "ignored">().notNull(),
    /** The provider's time of the event. */
    occurredAt: moment("occurred_at").notNull(),
    receivedAt: moment("received_at").defaultNow().notNull(),
  },
  (t) => [uniqueIndex("billing_events_provider_event_idx").on(t.provider, t.eventId)],
);

/** A subscription's invoices as the providers reported them, in integer minor units. */
export const billingInvoices = pgTable(
  "billing_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").$type<BillingProviderId>().notNull(),
    invoiceId: text("invoice_id").notNull(),
    customerId: text("customer_id").notNull(),
    plan: text("plan").$type<PlanId>().notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<BillingInvoice["status"]>().notNull(),
    periodStart: moment("period_start").notNull(),
    periodEnd: moment("period_end").notNull(),
    hostedUrl: text("hosted_url"),
    pdfUrl: text("pdf_url"),
    /** The provider time of the event applied last: an older one is ignored. */
    snapshotAt: moment("snapshot_at").notNull(),
    createdAt: moment("created_at").defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex("billing_invoices_provider_invoice_idx").on(t.provider, t.invoiceId),
    index("billing_invoices_user_idx").on(t.userId, t.periodStart),
  ],
);

/** The one Pro trial of each creator and of each card: a second one of either is refused. */
export const billingTrials = pgTable(
  "billing_trials",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    /** A card put on file while trialing; null until then. */
    cardFingerprint: text("card_fingerprint"),
    startedAt: moment("started_at").notNull(),
  },
  (t) => [uniqueIndex("billing_trials_card_idx").on(t.cardFingerprint)],
);

/** What happened to a creator's plan, for the billing page's history; `at` is the provider's time. */
export const billingHistory = pgTable(
  "billing_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").$type<BillingHistoryKind>().notNull(),
    plan: text("plan").$type<PlanId>(),
    fromPlan: text("from_plan").$type<PlanId>(),
    eventId: text("event_id").notNull(),
    at: moment("at").notNull(),
    createdAt: moment("created_at").defaultNow().notNull(),
  },
  (t) => [index("billing_history_user_idx").on(t.userId, t.at)],
);

/** The test provider's customers, each with its card and its clock (null: real time; else moved and frozen). */
export const testBillingCustomers = pgTable("test_billing_customers", {
  customerId: text("customer_id").primaryKey(),
  // Deleting an account deletes its test customer too: nothing of the person stays behind.
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  cardFingerprint: text("card_fingerprint"),
  cardLast4: text("card_last4"),
  /** Whether charges to the card on file fail (a card that attaches but declines). */
  cardFailsCharges: boolean("card_fails_charges").notNull().default(false),
  clockAt: moment("clock_at"),
  /** The time of the last event sent, so events of one customer are strictly ordered. */
  lastEventAt: moment("last_event_at"),
  createdAt: moment("created_at").defaultNow().notNull(),
});

/** The test provider's subscriptions; at most one not ended per customer. */
export const testBillingSubscriptions = pgTable(
  "test_billing_subscriptions",
  {
    subscriptionId: text("subscription_id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => testBillingCustomers.customerId, { onDelete: "cascade" }),
    plan: text("plan").$type<PlanId>().notNull(),
    status: text("status").$type<"trialing" | "active" | "past_due" | "canceled">().notNull(),
    trialEndsAt: moment("trial_ends_at"),
    /** Whether the trial reminder went out. */
    trialReminded: boolean("trial_reminded").notNull().default(false),
    currentPeriodStart: moment("current_period_start"),
    currentPeriodEnd: moment("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    scheduledPlan: text("scheduled_plan").$type<PlanId>(),
    /** When the renewal that failed was due; retries and the grace count from here. */
    pastDueSince: moment("past_due_since"),
    retriesDone: integer("retries_done").notNull().default(0),
    /** Why it ended: trial_end, period_end or unpaid. */
    endedReason: text("ended_reason"),
    createdAt: moment("created_at").defaultNow().notNull(),
  },
  (t) => [uniqueIndex("test_billing_subscriptions_live_idx").on(t.customerId).where(sql`status <> 'canceled'`)],
);

/** The test provider's invoices, served on its own invoice page. */
export const testBillingInvoices = pgTable("test_billing_invoices", {
  invoiceId: text("invoice_id").primaryKey(),
  customerId: text("customer_id")
    .notNull()
    .references(() => testBillingCustomers.customerId, { onDelete: "cascade" }),
  subscriptionId: text("subscription_id").notNull(),
  plan: text("plan").$type<PlanId>().notNull(),
  amountMinor: integer("amount_minor").notNull(),
  currency: text("currency").notNull(),
  status: text("status").$type<BillingInvoice["status"]>().notNull(),
  description: text("description").notNull(),
  periodStart: moment("period_start").notNull(),
  periodEnd: moment("period_end").notNull(),
  createdAt: moment("created_at").notNull(),
});

/** The test provider's hosted checkouts in subscription mode, paid on its TEST MODE page. */
export const testBillingCheckouts = pgTable("test_billing_checkouts", {
  id: text("id").primaryKey(),
  customerId: text("customer_id")
    .notNull()
    .references(() => testBillingCustomers.customerId, { onDelete: "cascade" }),
  plan: text("plan").$type<PlanId>().notNull(),
  amountMinor: integer("amount_minor").notNull(),
  currency: text("currency").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  status: text("status").$type<"open" | "paid" | "expired">().notNull().default("open"),
  expiresAt: moment("expires_at").notNull(),
  createdAt: moment("created_at").defaultNow().notNull(),
});
