import { date, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
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
