import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { bytea } from "~/db/column-types.server";
import { user } from "~/kernel/session/tables.server";
import { products } from "~/domains/catalog/tables.server";

// Page views without tracking people: counts per 15-minute bucket, never a row per view or a cookie.

/** Views of one public page per 15-minute bucket and source. */
export const pageViewCounts = pgTable(
  "page_view_counts",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    source: text("source").notNull(),
    utmSource: text("utm_source").notNull().default(""),
    utmMedium: text("utm_medium").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    views: integer("views").notNull(),
  },
  (t) => [
    unique("page_view_counts_key")
      .on(t.sellerId, t.bucket, t.kind, t.productId, t.source, t.utmSource, t.utmMedium, t.utmCampaign)
      .nullsNotDistinct(),
  ],
);

/**
 * Salted visitor hashes per page and bucket, for unique visitors; once a day's salt is deleted they identify nobody.
 */
export const pageViewVisitors = pgTable(
  "page_view_visitors",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    visitor: bytea("visitor").notNull(),
  },
  (t) => [unique("page_view_visitors_key").on(t.sellerId, t.bucket, t.kind, t.productId, t.visitor).nullsNotDistinct()],
);

/** The current UTC day's random salt, shared by the instances. */
export const viewSalts = pgTable("view_salts", {
  day: date("day").primaryKey(),
  salt: bytea("salt").notNull(),
});

// ── The analytics read model ── Small tables kept current in each change's transaction; product ids have no foreign
// key so deleted products' sales stay counted.

/** What one counted order adds to the sales figures per product it holds; the rollups below are sums of these. */
export const saleFacts = pgTable(
  "analytics_sale_facts",
  {
    orderId: uuid("order_id").notNull(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: uuid("product_id"),
    /** The 15-minute bucket of the order's paid_at. */
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    currency: text("currency").notNull(),
    /** 1 on one fact of each order, 0 on its others, so order counts add up across products. */
    orders: integer("orders").notNull().default(1),
    units: integer("units").notNull(),
    /** This product's share of amount − refunded, in minor units of `currency`. */
    revenueCents: integer("revenue_cents").notNull(),
  },
  (t) => [
    unique("analytics_sale_facts_key").on(t.orderId, t.productId).nullsNotDistinct(),
    index("analytics_sale_facts_seller_bucket_idx").on(t.sellerId, t.bucket),
  ],
);

/** Sales per seller, 15-minute bucket and currency. */
export const salesBuckets = pgTable(
  "analytics_sales_buckets",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    currency: text("currency").notNull(),
    orders: integer("orders").notNull(),
    units: integer("units").notNull(),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.bucket, t.currency] })],
);

/** Sales per seller, product, UTC day and currency. */
export const salesProductDays = pgTable(
  "analytics_sales_product_days",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: uuid("product_id"),
    day: date("day").notNull(),
    currency: text("currency").notNull(),
    /** Each order counted on one of its products only, so these add up across products. */
    orders: integer("orders").notNull(),
    /** Orders holding this product, for the product's own figures. */
    productOrders: integer("product_orders").notNull().default(0),
    units: integer("units").notNull(),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
  },
  (t) => [unique("analytics_sales_product_days_key").on(t.sellerId, t.day, t.productId, t.currency).nullsNotDistinct()],
);

/** All-time sales per seller, product and currency, for the product cards. */
export const salesTotals = pgTable(
  "analytics_sales_totals",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: uuid("product_id"),
    currency: text("currency").notNull(),
    /** Each order counted on one of its products only, so these add up across products. */
    orders: integer("orders").notNull(),
    /** Orders holding this product, for the product's own figures. */
    productOrders: integer("product_orders").notNull().default(0),
    units: integer("units").notNull(),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
  },
  (t) => [unique("analytics_sales_totals_key").on(t.sellerId, t.productId, t.currency).nullsNotDistinct()],
);

/** Views and visitors per seller and bucket; `firstSeen` and `lastSeen` let partial days add up. */
export const viewBuckets = pgTable(
  "analytics_view_buckets",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    views: integer("views").notNull().default(0),
    firstSeen: integer("first_seen").notNull().default(0),
    lastSeen: integer("last_seen").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.bucket] })],
);

/** Views and distinct visitors per seller and UTC day. */
export const viewDays = pgTable(
  "analytics_view_days",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day] })],
);

/** Each visitor hash of a seller's UTC day once, with its first and last bucket. */
export const visitorDays = pgTable(
  "analytics_visitor_days",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visitor: bytea("visitor").notNull(),
    firstBucket: timestamp("first_bucket", { withTimezone: true }).notNull(),
    lastBucket: timestamp("last_bucket", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day, t.visitor] })],
);

/** Views of each product's pages per UTC day; a null product is the buy-button page. */
export const productViewDays = pgTable(
  "analytics_product_view_days",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: uuid("product_id"),
    day: date("day").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [unique("analytics_product_view_days_key").on(t.sellerId, t.day, t.productId).nullsNotDistinct()],
);

/** Views per source per UTC day. */
export const sourceViewDays = pgTable(
  "analytics_source_view_days",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    source: text("source").notNull(),
    utmSource: text("utm_source").notNull().default(""),
    utmMedium: text("utm_medium").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    views: integer("views").notNull(),
  },
  (t) => [
    unique("analytics_source_view_days_key").on(t.sellerId, t.day, t.source, t.utmSource, t.utmMedium, t.utmCampaign),
  ],
);

/** Paid orders and their net revenue per source per UTC day and currency, so sales show beside views by source. */
export const sourceSaleDays = pgTable(
  "analytics_source_sale_days",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    source: text("source").notNull(),
    utmSource: text("utm_source").notNull().default(""),
    utmMedium: text("utm_medium").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    currency: text("currency").notNull(),
    orders: integer("orders").notNull(),
    units: integer("units").notNull(),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    unique("analytics_source_sale_days_key").on(
      t.sellerId,
      t.day,
      t.source,
      t.utmSource,
      t.utmMedium,
      t.utmCampaign,
      t.currency,
    ),
  ],
);
