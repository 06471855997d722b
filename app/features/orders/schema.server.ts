import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "~/features/accounts/schema.server";
import { products } from "~/features/catalog/schema.server";

// Orders and their lifecycle (issue 15): one row per checkout, moved by one state machine
// (app/features/orders/server/transition-order.server.ts): pending → paid → refunded / disputed; pending → expired.
// The dashboard and the Product Manager count only `paid` (and partly refunded) orders.

/** The states an order can be in; see ORDER_TRANSITIONS in app/features/orders/order-status.ts. */
export type OrderStatus = "pending" | "paid" | "refunded" | "disputed" | "expired";

/**
 * One buyer's checkout of one product. Money is integer minor units of `currency`, computed on the server only:
 * `subtotalCents` (price, or the buyer's pay-what-you-want amount), minus `discountCents`, is `amountCents`
 * (what the buyer pays); `platformFeeCents` is Sellkit's fee on the seller's plan (8% on Starter).
 * `provider`/`providerCheckoutId` name the hosted checkout at the payment provider, `providerPaymentId` the
 * payment once it exists (a Stripe PaymentIntent, a PayPal capture, a test-provider payment).
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The seller. */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    /** The product's name when it was bought (kept if the product is renamed or deleted). */
    productName: text("product_name").notNull().default(""),
    /** The seller's store name when it was bought (the receipt says who sold it). */
    storeName: text("store_name").notNull().default(""),
    customerEmail: text("customer_email").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    /** What the buyer pays: subtotal − discount. */
    amountCents: integer("amount_cents").notNull(),
    platformFeeCents: integer("platform_fee_cents").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    currency: text("currency").notNull(),
    /** The discount code as the buyer typed it, copied onto the order (the code may change later). */
    discountCodeId: uuid("discount_code_id"),
    discountCode: text("discount_code"),
    /** The payment used the code after its maximum was reached (honoured, shown to the seller). */
    discountOverLimit: boolean("discount_over_limit").notNull().default(false),
    /** test, stripe or paypal; null for rows from before issue 15. */
    provider: text("provider"),
    providerCheckoutId: text("provider_checkout_id"),
    providerPaymentId: text("provider_payment_id"),
    /** SHA-256 of the secret in the buyer's return URL: only that browser sees the order's outcome page. */
    returnKeyHash: text("return_key_hash"),
    /** The last failed attempt, in the provider's code and plain words ("Your card was declined."). */
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    /** A pending order expires then (its discount reservation is released). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    disputedAt: timestamp("disputed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_product_idx").on(t.productId),
    index("orders_pending_expiry_idx").on(t.expiresAt).where(sql`status = 'pending'`),
    uniqueIndex("orders_provider_checkout_idx").on(t.provider, t.providerCheckoutId),
    index("orders_provider_payment_idx").on(t.provider, t.providerPaymentId),
    index("orders_customer_email_idx").on(sql`lower(${t.customerEmail})`),
    // Issue 16.6: a seller's sales newest first (the landing's recent transactions and latest customers).
    index("orders_user_sold_idx").on(t.userId, sql`coalesce(${t.paidAt}, ${t.createdAt})`).where(sql`status in ('paid', 'refunded')`),
    // The orders page's search by buyer email (issue 16.3): the seller's orders whose email starts with the query, in
    // byte order (collate "C", so a prefix is one index range), newest first within one buyer.
    index("orders_user_email_idx").on(t.userId, sql`(lower(${t.customerEmail}) collate "C")`, t.createdAt, t.id),
  ],
);

/** Every move of an order's state, with what caused it (a webhook event, the reconciler, a refund by the seller). */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<OrderStatus>().notNull(),
    toStatus: text("to_status").$type<OrderStatus>().notNull(),
    /** webhook:<provider>:<event id>, reconciler, seller_refund, expiry… */
    cause: text("cause").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

/** Refunds a seller asked for (full or partial), one row each; the provider's answer fills `providerRefundId`. */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    /** The part of Sellkit's fee given back with it (as the provider does: proportional). */
    feeRefundedCents: integer("fee_refunded_cents").notNull().default(0),
    providerRefundId: text("provider_refund_id"),
    /** pending, succeeded or failed. */
    status: text("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("refunds_order_idx").on(t.orderId)],
);

/**
 * Each customer's figures (issue 16.4), one row per seller and buyer email (lower-cased), kept by
 * refreshCustomerTotals (app/features/orders/server/refresh-customer-totals.server.ts) in the transaction of every
 * change of one of their orders, so the customers page sorts by any figure from an index instead of adding up the
 * whole store. What counts (the sale rule everywhere): orders with a `paid_at` whose status is paid or refunded;
 * spent is their amount minus what was refunded, per currency (`spent`: {"USD": 1234}) and over every currency
 * (`spentCents`, the sort key). A buyer with no such order has no row.
 */
export const customerTotals = pgTable(
  "customer_totals",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    firstPaidAt: timestamp("first_paid_at", { withTimezone: true }).notNull(),
    lastPaidAt: timestamp("last_paid_at", { withTimezone: true }).notNull(),
    orders: integer("orders").notNull(),
    spentCents: bigint("spent_cents", { mode: "number" }).notNull(),
    spent: jsonb("spent").$type<Record<string, number>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.email] }),
    index("customer_totals_last_idx").on(t.userId, t.lastPaidAt, t.email),
    // The dashboard's new customers of a window (first purchase in it).
    index("customer_totals_first_idx").on(t.userId, t.firstPaidAt),
    index("customer_totals_spent_idx").on(t.userId, t.spentCents, t.email),
    index("customer_totals_orders_idx").on(t.userId, t.orders, t.email),
  ],
);
