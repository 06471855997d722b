import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "~/kernel/session/tables.server";
import { orders } from "~/domains/orders/tables.server";

// The test provider's payout ledger and every provider's earnings book, written only by the payout job.

/** A payout of a seller's available balance in one currency on a business day, arriving the next. */
export const testPayouts = pgTable(
  "test_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** in_transit until its arrival day, then paid. */
    status: text("status").$type<"in_transit" | "paid">().notNull().default("in_transit"),
    /** The business day (UTC) it was made: one payout per seller, currency and day. */
    payoutDate: date("payout_date").notNull(),
    arrivalDate: date("arrival_date").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex("test_payouts_user_currency_day_idx").on(t.userId, t.currency, t.payoutDate),
    index("test_payouts_user_date_idx").on(t.userId, t.payoutDate, t.id),
    index("test_payouts_in_transit_idx").on(t.arrivalDate).where(sql`status = 'in_transit'`),
  ],
);

/** One signed movement of a seller's test-provider balance; an order's entries sum to its net. */
export const testPayoutEntries = pgTable(
  "test_payout_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** sale, refund, dispute, dispute_won. */
    kind: text("kind").notNull(),
    /** Signed: credits positive, debits negative. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    availableOn: timestamp("available_on", { withTimezone: true }).notNull(),
    payoutId: uuid("payout_id").references(() => testPayouts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index("test_payout_entries_order_idx").on(t.orderId),
    index("test_payout_entries_unpaid_idx").on(t.userId, t.currency, t.availableOn).where(sql`payout_id is null`),
  ],
);

/** The payout job's one-row watermark: where its last run read orders up to. */
export const payoutsSync = pgTable(
  "payouts_sync",
  {
    id: smallint("id").primaryKey().default(1),
    syncedUntil: timestamp("synced_until", { withTimezone: true }).notNull(),
  },
  (t) => [check("payouts_sync_one_row", sql`${t.id} = 1`)],
);

/** Each order's contribution to its seller's earnings, as last booked. */
export const orderEarnings = pgTable("order_earnings", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  currency: text("currency").notNull(),
  orders: integer("orders").notNull(),
  grossCents: integer("gross_cents").notNull(),
  refundsCents: integer("refunds_cents").notNull(),
  feesCents: integer("fees_cents").notNull(),
});

/** A seller's earnings per provider and currency: the sum of their `order_earnings`. */
export const sellerEarnings = pgTable(
  "seller_earnings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    currency: text("currency").notNull(),
    orders: bigint("orders", { mode: "number" }).notNull(),
    grossCents: bigint("gross_cents", { mode: "number" }).notNull(),
    refundsCents: bigint("refunds_cents", { mode: "number" }).notNull(),
    feesCents: bigint("fees_cents", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider, t.currency] })],
);
