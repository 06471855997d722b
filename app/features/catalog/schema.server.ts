import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea } from "~/db/column-types.server";
import { user } from "~/features/accounts/schema.server";

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
    /** One of the product types in app/features/catalog/content. */
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
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [index("products_user_id_idx").on(t.userId), uniqueIndex("products_user_slug_idx").on(t.userId, t.slug)],
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
