import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "~/features/accounts/schema.server";
import { orders } from "~/features/orders/schema.server";

// The built-in test provider's payout ledger (issue 16.5): what a card processor keeps for a seller's balance.
// Written only by the payout job (app/features/payouts/server/run-test-payouts.server.ts), one instance at a time.
// Stripe keeps its own (read through its API); PayPal pays each capture into the seller's PayPal account.

/** A payout of a seller's available balance in one currency, made on a business day; it arrives the next one. */
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

/**
 * One movement of a seller's test-provider balance: a paid order's net (a credit, `sale`), a refund or a dispute
 * (debits), a dispute won (a credit again). An order's entries add up to what it is worth to the seller now.
 * `payoutId` is set when the entry was paid out.
 */
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
    /** When it can be paid out. */
    availableOn: timestamp("available_on", { withTimezone: true }).notNull(),
    payoutId: uuid("payout_id").references(() => testPayouts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index("test_payout_entries_order_idx").on(t.orderId),
    index("test_payout_entries_unpaid_idx").on(t.userId, t.currency, t.availableOn).where(sql`payout_id is null`),
  ],
);

/** Where the payout job's last run read orders up to (one row). */
export const testPayoutSync = pgTable(
  "test_payout_sync",
  {
    id: smallint("id").primaryKey().default(1),
    syncedUntil: timestamp("synced_until", { withTimezone: true }).notNull(),
  },
  (t) => [check("test_payout_sync_one_row", sql`${t.id} = 1`)],
);
