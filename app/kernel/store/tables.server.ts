import { boolean, date, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea } from "~/db/column-types.server";
import { user } from "~/kernel/session/tables.server";

// The creator's workspace: profile, business profile and profile picture.

export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  firstName: text("first_name"),
  lastName: text("last_name"),
  dateOfBirth: date("date_of_birth"),
  avatarUrl: text("avatar_url"),
  /**
   * The plan picked on 'Choose Your Plan', not the one in force (billing's); requestedPlan comes from /signup?plan=.
   */
  plan: text("plan"),
  requestedPlan: text("requested_plan"),
  /** The creator's IANA time zone for daily figures; null means the browser's. */
  timeZone: text("time_zone"),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
});

export const businessProfiles = pgTable("business_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  storeName: text("store_name").notNull(),
  businessDescription: text("business_description").notNull(),
  businessTypes: text("business_types").array().notNull(),
  targetCustomers: text("target_customers").notNull(),
  companySize: text("company_size"),
  phone: text("phone").notNull(),
  websiteUrl: text("website_url"),
  preferredDelivery: text("preferred_delivery").array().notNull(),
  preferredPayment: text("preferred_payment").array().notNull(),
  marketingConsent: boolean("marketing_consent").default(false).notNull(),
  termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
});

/** Uploaded profile pictures, checked by content; served from /avatars/:id with their sniffed type. */
export const avatars = pgTable("avatars", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});
