import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "~/kernel/session/tables.server";
import { productCovers, products } from "~/domains/catalog/tables.server";

// A seller's Link in Bio page at /s/:handle/links: its profile, its blocks and their clicks per day.

/** The page's profile: name and bio shown above the blocks, look, and handles on the eight platforms. */
export const bioPages = pgTable("bio_pages", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** Shown instead of the store name when set. */
  title: text("title").notNull().default(""),
  bio: text("bio").notNull().default(""),
  theme: text("theme").notNull().default("light"),
  buttonStyle: text("button_style").notNull().default("rounded"),
  /** Profile handles or URLs by platform key. */
  socials: jsonb("socials").$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
});

/** One block of the page in the seller's order: a link, a product, a heading, a text or an email sign-up. */
export const bioBlocks = pgTable(
  "bio_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    position: integer("position").notNull().default(0),
    title: text("title").notNull().default(""),
    url: text("url").notNull().default(""),
    body: text("body").notNull().default(""),
    productId: uuid("product_id").references(() => products.id, { onDelete: "cascade" }),
    thumbnailCoverId: uuid("thumbnail_cover_id").references(() => productCovers.id, { onDelete: "set null" }),
    hidden: boolean("hidden").notNull().default(false),
    showFrom: timestamp("show_from", { withTimezone: true }),
    showUntil: timestamp("show_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("bio_blocks_user_position_idx").on(t.userId, t.position)],
);

/** Counted clicks of a block per UTC day; bots, prefetches and quick repeats are not counted. */
export const bioBlockClicks = pgTable(
  "bio_block_clicks",
  {
    blockId: uuid("block_id")
      .notNull()
      .references(() => bioBlocks.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.day] }), index("bio_block_clicks_seller_idx").on(t.sellerId, t.day)],
);
