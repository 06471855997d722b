import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "~/kernel/session/tables.server";
import { stockLocations } from "~/domains/inventory/tables.server";
import type { DrawerMovementKind, ZReport } from "~/flows/pos/pos-rules";

// The point of sale: registers at a location, their shifts, and the cash drawer's movements during a shift.

/** A till at a location (a shop or an event stall); every in-person sale belongs to one. */
export const registers = pgTable(
  "registers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    locationId: uuid("location_id")
      .notNull()
      .references(() => stockLocations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The Stripe Terminal reader (tmr_…) registered for this till; null: card payments use the test reader. */
    cardReaderId: text("card_reader_id"),
    cardReaderLabel: text("card_reader_label"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("registers_user_idx").on(t.userId, t.locationId)],
);

/**
 * A register's working session: opened with a counted float, closed with counted cash. The Z-report is computed at
 * close and kept as it was, so later refunds never rewrite a closed day.
 */
export const shifts = pgTable(
  "shifts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    registerId: uuid("register_id")
      .notNull()
      .references(() => registers.id, { onDelete: "cascade" }),
    locationId: uuid("location_id")
      .notNull()
      .references(() => stockLocations.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    openedBy: text("opened_by").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).defaultNow().notNull(),
    openingFloatCents: integer("opening_float_cents").notNull(),
    closedBy: text("closed_by"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    countedCashCents: integer("counted_cash_cents"),
    expectedCashCents: integer("expected_cash_cents"),
    report: jsonb("report").$type<ZReport>(),
  },
  (t) => [
    index("shifts_register_idx").on(t.registerId, t.openedAt),
    // One open shift per register at a time.
    uniqueIndex("shifts_one_open_idx").on(t.registerId).where(sql`${t.closedAt} is null`),
  ],
);

/** Cash into or out of a shift's drawer: sales' cash (net of change), cash refunds, and paid in/out with a reason. */
export const drawerMovements = pgTable(
  "drawer_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shiftId: uuid("shift_id")
      .notNull()
      .references(() => shifts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<DrawerMovementKind>().notNull(),
    /** Signed: + into the drawer, − out of it. */
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull().default(""),
    orderId: uuid("order_id"),
    actorId: text("actor_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("drawer_movements_shift_idx").on(t.shiftId, t.createdAt)],
);
