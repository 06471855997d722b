import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "~/kernel/session/tables.server";
import type { PostStatus } from "~/domains/social/post-rules";
import type { LinkTarget } from "~/domains/social/tracking-link";

// Planned social posts with their tracking links, and the links' clicks counted per day without cookies.

/** A post the seller plans for one network; `code` names its tracking link `/t/<code>`. */
export const socialPosts = pgTable(
  "social_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    code: text("code").notNull().unique(),
    platform: text("platform").notNull(),
    contentType: text("content_type").notNull(),
    text: text("text").notNull().default(""),
    /** The promoted products in the seller's order; the first one is the tracking link's target. */
    productIds: jsonb("product_ids").$type<string[]>().notNull().default([]),
    /** What the tracking link opens: the first promoted product, the store, or the Link in Bio page. */
    linkTarget: text("link_target").$type<LinkTarget>().notNull().default("product"),
    status: text("status").$type<PostStatus>().notNull().default("idea"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    /** The zone the time was entered in. */
    timeZone: text("time_zone").notNull().default("UTC"),
    publicUrl: text("public_url"),
    postedAt: timestamp("posted_at", { withTimezone: true }),
    /** Set in the transaction that queues the reminder mail, so it is sent once. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index("social_posts_user_scheduled_idx").on(t.userId, t.scheduledAt),
    index("social_posts_due_reminder_idx")
      .on(t.scheduledAt)
      .where(sql`${t.status} = 'scheduled' and ${t.reminderSentAt} is null`),
  ],
);

/** Clicks on a post's tracking link per UTC day, by people (bots and link previews are not counted). */
export const socialPostClicks = pgTable(
  "social_post_clicks",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => socialPosts.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    clicks: integer("clicks").notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day] })],
);
