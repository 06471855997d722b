import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "~/kernel/session/tables.server";
import type { ChecklistItem } from "~/flows/event-sales/checklist";
import { stockLocations } from "~/domains/inventory/tables.server";

// Events the seller sells at: each one is a dated stock location, and a private calendar feed lists them.

/** A market, fair or show the seller sells at; its stall is the stock location `locationId` (kind event). */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    locationId: uuid("location_id")
      .notNull()
      .references(() => stockLocations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** The zone the times were entered in, so repeats keep their wall-clock time across daylight-saving changes. */
    timeZone: text("time_zone").notNull(),
    venue: text("venue").notNull().default(""),
    address: text("address").notNull().default(""),
    boothNumber: text("booth_number").notNull().default(""),
    currency: text("currency").notNull(),
    boothFeeCents: integer("booth_fee_cents").notNull().default(0),
    otherCostsCents: integer("other_costs_cents").notNull().default(0),
    notes: text("notes").notNull().default(""),
    isPublic: boolean("is_public").notNull().default(false),
    checklist: jsonb("checklist").$type<ChecklistItem[]>().notNull().default([]),
    /** Shared by the events one repeat made. */
    seriesId: uuid("series_id"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index("events_user_starts_idx").on(t.userId, t.startsAt),
    uniqueIndex("events_location_idx").on(t.locationId),
    index("events_public_idx").on(t.userId, t.startsAt).where(sql`${t.isPublic} and ${t.archivedAt} is null`),
  ],
);

/** A seller's private calendar feed: the SHA-256 of its secret URL token; a reset replaces the row. */
export const eventCalendarFeeds = pgTable("event_calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});
