import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "~/kernel/session/tables.server";
import type { WeightBand } from "~/domains/shipping/shipping-price";

// Shipping: the seller's zones (sets of countries) and the rates a buyer picks from at checkout.

/** A set of countries that share shipping rates. */
export const shippingZones = pgTable(
  "shipping_zones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** ISO 3166-1 alpha-2 codes. */
    countries: text("countries").array().notNull(),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("shipping_zones_user_idx").on(t.userId, t.position)],
);

/**
 * A shipping option of a zone in the store's currency: a flat price per order, or a price by the order's total weight
 * in bands. It is free when the goods' subtotal reaches `freeAboveCents`.
 */
export const shippingRates = pgTable(
  "shipping_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    zoneId: uuid("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** flat or weight. */
    kind: text("kind").$type<"flat" | "weight">().notNull().default("flat"),
    priceCents: integer("price_cents").notNull().default(0),
    bands: jsonb("bands").$type<WeightBand[]>().notNull().default([]),
    freeAboveCents: integer("free_above_cents"),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("shipping_rates_zone_idx").on(t.zoneId, t.position)],
);
