import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "~/kernel/session/tables.server";
import { products, productVariants } from "~/domains/catalog/tables.server";
import { stockLocations } from "~/domains/inventory/tables.server";
import type { FulfilmentStatus, LineKind, ShippingAddress } from "~/domains/orders/order-lines";
import type { OrderStatus } from "~/domains/orders/order-status";
import type { Tenders } from "~/domains/orders/refund-tenders";

// Orders, one row per checkout, moved only by the order state machine (move-order-status.server.ts).

/**
 * One buyer's checkout of one or more lines (order_lines); all amounts are server-computed integer minor units of
 * `currency`.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The seller. */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The seller's store name at purchase, for the receipt. */
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
    /** The discount code as typed, copied since the code may change later. */
    discountCodeId: uuid("discount_code_id"),
    discountCode: text("discount_code"),
    /** Paid after the code's maximum was reached; honoured and shown to the seller. */
    discountOverLimit: boolean("discount_over_limit").notNull().default(false),
    /** test, stripe or paypal; null for older rows. */
    provider: text("provider"),
    providerCheckoutId: text("provider_checkout_id"),
    providerPaymentId: text("provider_payment_id"),
    /** SHA-256 of the secret in the buyer's return URL, so only that browser sees the outcome page. */
    returnKeyHash: text("return_key_hash"),
    /** The last failed attempt in the provider's code and plain words. */
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    /** Where the buyer wants physical lines shipped; null when nothing ships. */
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    /** The shipping option chosen, as named and priced at purchase. */
    shippingRateName: text("shipping_rate_name"),
    shippingCents: integer("shipping_cents").notNull().default(0),
    /** `none` for orders with no physical line. */
    fulfilmentStatus: text("fulfilment_status").$type<FulfilmentStatus>().notNull().default("none"),
    /** The stock location the order sells from: the store's Online location for checkouts. */
    locationId: uuid("location_id"),
    /** Where it was sold: `online` (checkout) or `pos` (a register). */
    channel: text("channel").$type<"online" | "pos">().notNull().default("online"),
    /** For in-person sales: the register, its shift and the signed-in person who sold. */
    registerId: uuid("register_id"),
    shiftId: uuid("shift_id"),
    soldBy: text("sold_by"),
    /** The sale's id made on the device, unique per seller, so a replayed offline sale is recorded once. */
    deviceSaleId: uuid("device_sale_id"),
    note: text("note").notNull().default(""),
    /** Where the buyer came from, as page views count it: a referrer host, `embed:<host>`, or `direct`. */
    source: text("source").notNull().default("direct"),
    utmSource: text("utm_source").notNull().default(""),
    utmMedium: text("utm_medium").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    /** The tracked thing that led to the sale, `kind:id` (a post's link, a bio block); null for none. */
    attributionRef: text("attribution_ref"),
    /** When a pending order expires, releasing its discount reservation. */
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
    index("orders_pending_expiry_idx").on(t.expiresAt).where(sql`status = 'pending'`),
    uniqueIndex("orders_provider_checkout_idx").on(t.provider, t.providerCheckoutId),
    uniqueIndex("orders_device_sale_idx").on(t.userId, t.deviceSaleId).where(sql`${t.deviceSaleId} is not null`),
    index("orders_attribution_idx").on(t.userId, t.attributionRef).where(sql`${t.attributionRef} is not null`),
    index("orders_shift_idx").on(t.shiftId).where(sql`${t.shiftId} is not null`),
    index("orders_location_idx").on(t.locationId).where(sql`${t.locationId} is not null`),
    index("orders_provider_payment_idx").on(t.provider, t.providerPaymentId),
    index("orders_customer_email_idx").on(sql`lower(${t.customerEmail})`),
    // A seller's sales newest first, for the landing's recent transactions and customers.
    index("orders_user_sold_idx")
      .on(t.userId, sql`coalesce(${t.paidAt}, ${t.createdAt})`)
      .where(sql`status in ('paid', 'refunded')`),
    // Buyer-email prefix search in byte order (collate "C"), so a prefix is one index range.
    index("orders_user_email_idx").on(t.userId, sql`(lower(${t.customerEmail}) collate "C")`, t.createdAt, t.id),
  ],
);

/**
 * One product (and variant) of an order, as bought: name and price copied at purchase, and the line's share of the
 * order discount. A physical line also counts its units fulfilled, refunded and put back in stock.
 */
export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    kind: text("kind").$type<LineKind>().notNull().default("digital"),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    /** The variant's option values at purchase ("M / Blue"); empty when none. */
    variantTitle: text("variant_title").notNull().default(""),
    sku: text("sku"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull().default(1),
    /** unitPriceCents × quantity. */
    subtotalCents: integer("subtotal_cents").notNull(),
    /** This line's share of the order's discount. */
    discountCents: integer("discount_cents").notNull().default(0),
    fulfilledQuantity: integer("fulfilled_quantity").notNull().default(0),
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
    restockedQuantity: integer("restocked_quantity").notNull().default(0),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId, t.position),
    index("order_lines_product_idx").on(t.productId),
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** A shipment of some of an order's physical units, with its carrier and tracking. */
export const fulfilments = pgTable(
  "fulfilments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Which lines and how many units of each went in this shipment. */
    lines: jsonb("lines").$type<{ lineId: string; quantity: number }[]>().notNull(),
    carrier: text("carrier").notNull().default(""),
    trackingNumber: text("tracking_number").notNull().default(""),
    trackingUrl: text("tracking_url").notNull().default(""),
    actorId: text("actor_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("fulfilments_order_idx").on(t.orderId, t.createdAt)],
);

/** How an in-person order was paid: one row per tender (a split sale has several); cash keeps what was handed over. */
export const orderPayments = pgTable(
  "order_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** cash, card, pay_on_phone or other. */
    method: text("method").notNull(),
    amountCents: integer("amount_cents").notNull(),
    tenderedCents: integer("tendered_cents"),
    changeCents: integer("change_cents").notNull().default(0),
    /** For `other`: what the seller noted (the app's name, a reference). */
    reference: text("reference").notNull().default(""),
    /** approved, pending (a card on the reader) or declined. */
    status: text("status").notNull().default("approved"),
    providerPaymentId: text("provider_payment_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("order_payments_order_idx").on(t.orderId)],
);

/** Every move of an order's state, with its cause. */
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

/** Refunds a seller asked for, one row each; the provider's answer fills `providerRefundId`. */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    /** The proportional part of Sellkit's fee given back with it. */
    feeRefundedCents: integer("fee_refunded_cents").notNull().default(0),
    providerRefundId: text("provider_refund_id"),
    /** pending, succeeded or failed. */
    status: text("status").notNull().default("pending"),
    /**
     * The lines and units refunded, and whether they went back into stock; empty for a whole-order refund of old
     * orders.
     */
    lines: jsonb("lines")
      .$type<{ lineId: string; quantity: number; restock: boolean; locationId?: string }[]>()
      .notNull()
      .default([]),
    /** Minor units per tender it goes back by (`cash`, `other`, `card`, `pay_on_phone`, `online`): one row, one way. */
    tenders: jsonb("tenders").$type<Tenders>().notNull().default({}),
    /** The register shift it was given back at; null when refunded from the orders page. */
    shiftId: uuid("shift_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    index("refunds_shift_idx").on(t.shiftId).where(sql`${t.shiftId} is not null`),
  ],
);

/**
 * Each customer's figures per seller and buyer email, kept current by refreshCustomerTotals so the customers page sorts
 * from an index.
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
    // New customers by first purchase, for the dashboard.
    index("customer_totals_first_idx").on(t.userId, t.firstPaidAt),
    index("customer_totals_spent_idx").on(t.userId, t.spentCents, t.email),
    index("customer_totals_orders_idx").on(t.userId, t.orders, t.email),
  ],
);

/** One counted order's present contribution to its location's sales, so a change replaces it exactly once. */
export const locationSaleFacts = pgTable("location_sale_facts", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  locationId: uuid("location_id").notNull(),
  units: integer("units").notNull(),
  revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
  refundedCents: bigint("refunded_cents", { mode: "number" }).notNull(),
});

/**
 * Sales per stock location (paid or refunded orders), kept current by syncLocationSale so event figures read in one
 * row.
 */
export const locationSales = pgTable("location_sales", {
  locationId: uuid("location_id")
    .primaryKey()
    .references(() => stockLocations.id, { onDelete: "cascade" }),
  sellerId: text("seller_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  orders: integer("orders").notNull(),
  units: integer("units").notNull(),
  revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
  refundedCents: bigint("refunded_cents", { mode: "number" }).notNull(),
});
