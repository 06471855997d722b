import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
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

/** Downloads started per order, file and UTC day, against the daily limit. */
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
  },
  (t) => [primaryKey({ columns: [t.orderId, t.fileId, t.day] })],
);
