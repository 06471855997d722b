import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea } from "~/db/column-types.server";
import { user } from "~/kernel/session/tables.server";
import type { ProductOption } from "~/domains/catalog/variant-options";

// What a creator sells: products, their files and covers, and the store's public handle.

/** A creator's public store at `/s/:handle`, its handle made from the store name and editable in the E-shop Builder. */
export const storefronts = pgTable("storefronts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  handle: text("handle").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
});

/** A creator's digital products, priced in integer minor units of `currency`: fixed, pay-what-you-want or free. */
export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Unique per store; the sales page is /s/:handle/:slug. */
    slug: text("slug").notNull().default(sql`('product-' || substr(md5(random()::text), 1, 10))`),
    /** One of the product types in app/domains/catalog/content. */
    type: text("type").notNull().default("other"),
    summary: text("summary").notNull().default(""),
    /** Markdown, rendered sanitised. */
    description: text("description").notNull().default(""),
    /** fixed, free or pwyw (pay what you want). */
    pricing: text("pricing").notNull().default("fixed"),
    priceCents: integer("price_cents").notNull(),
    minPriceCents: integer("min_price_cents"),
    suggestedPriceCents: integer("suggested_price_cents"),
    currency: text("currency").notNull(),
    /** draft, published or archived. */
    status: text("status").notNull().default("draft"),
    /** Ascending order on the storefront. */
    position: integer("position").notNull().default(0),
    /** A physical product's options (at most three, e.g. Size and Colour) whose combinations are its variants. */
    options: jsonb("options").$type<ProductOption[]>().notNull().default([]),
    /** A physical product's shipping weight in grams, used by weight-band shipping rates; variants may override it. */
    weightGrams: integer("weight_grams"),
    /** Keep selling a physical product when its stock runs out (a backorder); off by default. */
    allowBackorder: boolean("allow_backorder").notNull().default(false),
    /** At or below this many units a variant is listed as low stock; null means no alert. */
    lowStockThreshold: integer("low_stock_threshold"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [index("products_user_id_idx").on(t.userId), uniqueIndex("products_user_slug_idx").on(t.userId, t.slug)],
);

export type { ProductOption };

/**
 * What a physical product's stock is kept for: one row per combination of option values, or one default row when the
 * product has no options. Price and weight fall back to the product's when null.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The owner, kept on the row so stock queries and SKU uniqueness need no join. */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** One value per product option, in the options' order; empty for the default variant. */
    optionValues: jsonb("option_values").$type<string[]>().notNull().default([]),
    /** The option values joined for people ("M / Blue"); empty for the default variant. */
    title: text("title").notNull().default(""),
    sku: text("sku"),
    /** An EAN-13 or UPC-A code, its check digit validated. */
    barcode: text("barcode"),
    priceCents: integer("price_cents"),
    weightGrams: integer("weight_grams"),
    position: integer("position").notNull().default(0),
    /** Set when the product's options no longer make this combination; its stock history stays. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index("product_variants_product_idx").on(t.productId, t.position),
    uniqueIndex("product_variants_user_sku_idx").on(t.userId, sql`lower(${t.sku})`).where(sql`${t.sku} is not null`),
    index("product_variants_user_barcode_idx").on(t.userId, t.barcode).where(sql`${t.barcode} is not null`),
  ],
);

/** A product's cover, checked by content and stored resized, one row per web width. */
export const productCovers = pgTable(
  "product_covers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex("product_covers_product_width_idx").on(t.productId, t.width)],
);

/**
 * What the buyer gets: a product's files, uploaded with tus; `sha256` and `completedAt` are set once the last byte
 * arrives.
 */
export const productFiles = pgTable(
  "product_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The owner, kept on the row so each upload request is authorised with one lookup. */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    uploadId: text("upload_id").notNull().unique(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull().default("application/octet-stream"),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256"),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("product_files_product_idx").on(t.productId, t.position)],
);
