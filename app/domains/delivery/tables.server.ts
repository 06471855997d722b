import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "~/kernel/session/tables.server";
import { productFiles } from "~/domains/catalog/tables.server";
import { orders } from "~/domains/orders/tables.server";

// Delivery: tokens opening an order's download page, daily download counts, and the order's delivery timeline.

/** Secret tokens that open an order's download page, sent in the receipt or on request. */
export const orderAccessTokens = pgTable(
  "order_access_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the token; the token itself is only in the mail. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("order_access_tokens_order_idx").on(t.orderId)],
);

/** Downloads started and bytes sent per order, file and UTC day, against the daily limit. */
export const downloadCounts = pgTable(
  "download_counts",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => productFiles.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull().default(0),
    /** Bytes of the file sent that day, minus requested bytes a broken connection never took. */
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.fileId, t.day] })],
);

/** What a delivery event records; `receipt_withheld`: a counter receipt not mailed, past its limits. */
export type DeliveryEventKind = "receipt" | "receipt_resent" | "receipt_withheld" | "download";

/**
 * The order's delivery timeline: each receipt queued and each download started, continuations of one download excluded.
 */
export const deliveryEvents = pgTable(
  "delivery_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<DeliveryEventKind>().notNull(),
    /** The file downloaded; null for receipts or a file since removed. */
    fileId: uuid("file_id").references(() => productFiles.id, { onDelete: "set null" }),
    /** The seller who resent a receipt; null for automatic receipts and downloads. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("delivery_events_order_idx").on(t.orderId, t.createdAt)],
);
