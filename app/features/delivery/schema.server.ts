import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "~/features/accounts/schema.server";
import { productFiles } from "~/features/catalog/schema.server";
import { orders } from "~/features/orders/schema.server";

// Delivery (issue 15): the buyer's access to what they bought. The receipt mail links to the order's download
// page with a secret access token (stored hashed, like every token); that page hands out short-lived signed links
// bound to order + file + buyer; downloads are counted per file and day. A refund or dispute revokes access at
// once because the page and every link check the order's state.

/** Secret tokens that open an order's download page (sent in the receipt, and anew when a buyer asks for one). */
export const orderAccessTokens = pgTable(
  "order_access_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** SHA-256 of the token (hex); the token itself is only in the mail. */
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
    /** Bytes of the file sent that day (requested bytes a broken connection never took are given back). */
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.fileId, t.day] })],
);

/** What a delivery event records (issue 16.3: the order's timeline). */
export type DeliveryEventKind = "receipt" | "receipt_resent" | "download";

/**
 * The order's delivery as it happened, for its timeline (issue 16.3): each receipt put in the mail outbox (on the
 * move to paid, or sent again by the seller: `actorId`), and each download the buyer started (a Range continuation
 * of the same download is not one), written by the statement that counts it against the daily limit.
 */
export const deliveryEvents = pgTable(
  "delivery_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<DeliveryEventKind>().notNull(),
    /** The file downloaded (null for receipts, or when the file was removed from the product since). */
    fileId: uuid("file_id").references(() => productFiles.id, { onDelete: "set null" }),
    /** The seller who sent a receipt again (null for the automatic receipt and for downloads). */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("delivery_events_order_idx").on(t.orderId, t.createdAt)],
);
