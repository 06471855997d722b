import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "~/kernel/session/tables.server";
import { products } from "~/domains/catalog/tables.server";

// Discount codes per store: percent or fixed, for all or chosen products, with window, maximum and minimum. Checkouts
// reserve uses briefly; paid uses decide the limit.

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** As the creator typed it; unique per store on lower(code). */
    code: text("code").notNull(),
    kind: text("kind").$type<"percent" | "fixed">().notNull(),
    /** 1–100 for percent codes. */
    percentOff: integer("percent_off"),
    /** Minor units of `currency` for fixed codes. */
    amountOffCents: integer("amount_off_cents"),
    currency: text("currency"),
    /** all or selected; selected codes list theirs in discount_code_products. */
    appliesTo: text("applies_to").$type<"all" | "selected">().notNull().default("all"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    maxRedemptions: integer("max_redemptions"),
    /** Paid uses; only payments arriving after their reservation lapsed may pass the maximum. */
    redemptionsCount: integer("redemptions_count").notNull().default(0),
    /** The subtotal (minor units) below which the code does not apply. */
    minAmountCents: integer("min_amount_cents"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [
    uniqueIndex("discount_codes_user_code_idx").on(t.userId, sql`lower(${t.code})`),
    check("discount_codes_redemptions_not_negative", sql`${t.redemptionsCount} >= 0`),
  ],
);

/** The products a `selected` code applies to. */
export const discountCodeProducts = pgTable(
  "discount_code_products",
  {
    discountCodeId: uuid("discount_code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.discountCodeId, t.productId] })],
);

/**
 * One use of a code by one order: reserved at checkout (for a short window), redeemed when paid, released on expiry.
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    discountCodeId: uuid("discount_code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").notNull().unique(),
    status: text("status").$type<"reserved" | "redeemed" | "released">().notNull().default("reserved"),
    /** A reservation holds a use until then; later it no longer counts against the maximum. */
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    /** The client (IP) holding the reservation, for the per-client cap; cleared when the reservation ends. */
    clientKey: text("client_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [index("discount_redemptions_code_idx").on(t.discountCodeId, t.status)],
);
