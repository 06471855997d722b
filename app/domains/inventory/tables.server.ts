import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "~/kernel/session/tables.server";
import { productVariants } from "~/domains/catalog/tables.server";
import type { StockLocationKind, StockMovementKind } from "~/domains/inventory/stock-kinds";

// Stock: places it is kept, an append-only ledger of its movements, the running level per place and the holds of
// open checkouts.

/** Where stock is kept: the store's Online location (one per seller), the seller's shops, and later events. */
export const stockLocations = pgTable(
  "stock_locations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").$type<StockLocationKind>().notNull(),
    name: text("name").notNull(),
    address: text("address").notNull().default(""),
    openingHours: text("opening_hours").notNull().default(""),
    phone: text("phone").notNull().default(""),
    position: integer("position").notNull().default(0),
    /** Archived locations keep their history but take no new stock. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index("stock_locations_user_idx").on(t.userId, t.position),
    uniqueIndex("stock_locations_one_online_idx").on(t.userId).where(sql`${t.kind} = 'online'`),
  ],
);

/**
 * The ledger: every change of stock of a variant at a location, signed (+ in, − out), never updated or deleted.
 * `idempotencyKey` makes a movement caused by an order line or a device's sale record once.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    locationId: uuid("location_id")
      .notNull()
      .references(() => stockLocations.id, { onDelete: "cascade" }),
    kind: text("kind").$type<StockMovementKind>().notNull(),
    quantity: integer("quantity").notNull(),
    /** For adjustments: damaged, lost, found or correction. */
    reason: text("reason"),
    note: text("note").notNull().default(""),
    orderId: uuid("order_id"),
    orderLineId: uuid("order_line_id"),
    /** Shared by the two movements of one transfer. */
    transferId: uuid("transfer_id"),
    /** Who made it: a seller's user id; null for the system (checkout, expiry). */
    actorId: text("actor_id"),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index("stock_movements_item_idx").on(t.variantId, t.locationId, t.createdAt),
    index("stock_movements_user_idx").on(t.userId, t.createdAt),
    index("stock_movements_order_idx").on(t.orderId).where(sql`${t.orderId} is not null`),
    uniqueIndex("stock_movements_idempotency_idx").on(t.idempotencyKey),
  ],
);

/**
 * The running sums of the ledger per (variant, location), changed only in the statement that inserts a movement
 * (`onHand`) or a reservation (`reserved`). This makes "available = onHand − reserved" one indexed row to lock.
 */
export const stockLevels = pgTable(
  "stock_levels",
  {
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    locationId: uuid("location_id")
      .notNull()
      .references(() => stockLocations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    onHand: integer("on_hand").notNull().default(0),
    reserved: integer("reserved").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.locationId] }),
    index("stock_levels_user_location_idx").on(t.userId, t.locationId),
    check("stock_levels_reserved_not_negative", sql`${t.reserved} >= 0`),
  ],
);

/** Units held for an open checkout's line until it is paid (they become a sale) or expires (they are released). */
export const stockReservations = pgTable(
  "stock_reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull(),
    orderLineId: uuid("order_line_id").notNull(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    locationId: uuid("location_id")
      .notNull()
      .references(() => stockLocations.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index("stock_reservations_order_idx").on(t.orderId),
    uniqueIndex("stock_reservations_line_idx").on(t.orderLineId),
  ],
);

/** One row per seller and day the low-stock email went out, so the daily job sends it once even on many instances. */
export const lowStockDigests = pgTable(
  "low_stock_digests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    items: integer("items").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
