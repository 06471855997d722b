import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { bytea } from "~/db/column-types.server";
import { user } from "~/features/accounts/schema.server";
import { products } from "~/features/catalog/schema.server";

// Page views without tracking people (issue 16.1): counts per 15-minute bucket, never a row per view or a
// cookie. A bucket of 15 minutes lets the analytics page add them up into calendar days of any time zone
// (including the :30 and :45 ones, and a daylight-saving day of 23 or 25 hours).

/**
 * Views of one public page in one 15-minute bucket, by source. `kind`: storefront (/s/:handle, no product),
 * sales (/s/:handle/:slug), buy (/s/:handle/:slug/buy, or /buy/:id with no product: the buy-button page).
 * `source`: the referrer's host ('direct' without one, or from this site); the utm_* fields '' when absent.
 */
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
  (t) => [unique("page_view_counts_key").on(t.sellerId, t.bucket, t.kind, t.productId, t.source, t.utmSource, t.utmMedium, t.utmCampaign).nullsNotDistinct()],
);

/**
 * Who was seen, as a salted hash only: sha256(day's salt, seller, IP, user agent), one row per visitor, page and
 * 15-minute bucket, for unique visitors over any range (count of distinct hashes). The salt of a UTC day is
 * deleted once the day is over, after which no hash can be linked to an IP or to another day's hash; the rows
 * are kept (they are not personal data without the salt) so ranges in the creator's time zone stay countable.
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

/** The salt of the current UTC day (random, shared by the instances); earlier days' salts are deleted. */
export const viewSalts = pgTable("view_salts", {
  day: date("day").primaryKey(),
  salt: bytea("salt").notNull(),
});

// ── The analytics read model (issue 16.2, decision 020-analytics-read-model) ─────────────────────────────────────
// Small tables kept up to date in the transaction of each change, so the analytics page reads a few thousand rows
// for any range instead of the orders or millions of visitor hashes. Buckets are the views' 15 minutes (any time
// zone's calendar day is a whole number of them); `day` columns are UTC days. Product ids carry no foreign key: a
// deleted product's sales stay in the totals (shown as a deleted product).

/** What one order adds to the sales figures now (one row per counted order): the rollups below are sums of these. */
export const saleFacts = pgTable(
  "analytics_sale_facts",
  {
    orderId: uuid("order_id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: uuid("product_id"),
    /** The 15-minute bucket of the order's paid_at. */
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    currency: text("currency").notNull(),
    units: integer("units").notNull(),
    /** amount − refunded, in minor units of `currency`. */
    revenueCents: integer("revenue_cents").notNull(),
  },
  (t) => [index("analytics_sale_facts_seller_bucket_idx").on(t.sellerId, t.bucket)],
);

/** Sales per seller, 15-minute bucket and currency: the chart's days and the totals. */
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

/** Sales per seller, product, UTC day and currency: the breakdown by product over whole UTC days. */
export const salesProductDays = pgTable(
  "analytics_sales_product_days",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: uuid("product_id"),
    day: date("day").notNull(),
    currency: text("currency").notNull(),
    orders: integer("orders").notNull(),
    units: integer("units").notNull(),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
  },
  (t) => [unique("analytics_sales_product_days_key").on(t.sellerId, t.day, t.productId, t.currency).nullsNotDistinct()],
);

/**
 * Sales per seller, product and currency since the first sale (no date): the all-time figures of the dashboard's
 * cards, the landing's product cards and the Product Manager, read in a few rows whatever the number of orders.
 */
export const salesTotals = pgTable(
  "analytics_sales_totals",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: uuid("product_id"),
    currency: text("currency").notNull(),
    orders: integer("orders").notNull(),
    units: integer("units").notNull(),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
  },
  (t) => [unique("analytics_sales_totals_key").on(t.sellerId, t.productId, t.currency).nullsNotDistinct()],
);

/**
 * Views and visitors per seller and 15-minute bucket. A visitor is one hash per UTC day (the salt changes daily), so
 * `firstSeen` counts the day's visitors first seen in this bucket and `lastSeen` those last seen in it: the visitors
 * of [midnight, t) are the firstSeen before t, those of [t, next midnight) the lastSeen from t on, and a whole UTC
 * day's are the sum of its firstSeen.
 */
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

/** Views and distinct visitors per seller and UTC day: the whole UTC days inside a chart point or period. */
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

/** Each visitor hash of a seller's UTC day once, with the first and last bucket it was seen in (feeds viewBuckets). */
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

/** Views of each product's pages (sales and buy; null: the buy-button page) per UTC day: the breakdown by product. */
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

/** Views per source (referrer host and utm_*) per UTC day: the breakdown by source. */
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
  (t) => [unique("analytics_source_view_days_key").on(t.sellerId, t.day, t.source, t.utmSource, t.utmMedium, t.utmCampaign)],
);
