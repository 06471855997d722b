import { sql } from "drizzle-orm";
import { hasPasswordQuery } from "~/kernel/session/has-password-query.server";
import { jsonObject, jsonRow, nullable, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { user } from "~/kernel/session/tables.server";
import { businessProfiles, profiles } from "~/kernel/store/tables.server";

export type Settings = {
  email: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  business: {
    phone: string;
    storeName: string;
    businessTypes: string[];
    businessDescription: string;
    targetCustomers: string;
    companySize: string | null;
    websiteUrl: string | null;
    preferredDelivery: string[];
    preferredPayment: string[];
    marketingConsent: boolean;
  } | null;
  hasPassword: boolean;
  /** The zone chosen in Settings; null: the browser's. */
  timeZone: string | null;
};

const person = jsonRow(
  jsonObject({
    email: user.email,
    firstName: nullable(profiles.firstName),
    lastName: nullable(profiles.lastName),
    avatarUrl: nullable(profiles.avatarUrl),
    timeZone: nullable(profiles.timeZone),
  }),
  sql`from ${user} left join ${profiles} on ${profiles.userId} = ${user.id} where ${user.id} = me.user_id`,
);

const business = jsonRow(
  jsonObject({
    phone: businessProfiles.phone,
    storeName: businessProfiles.storeName,
    businessTypes: businessProfiles.businessTypes,
    businessDescription: businessProfiles.businessDescription,
    targetCustomers: businessProfiles.targetCustomers,
    companySize: businessProfiles.companySize,
    websiteUrl: businessProfiles.websiteUrl,
    preferredDelivery: businessProfiles.preferredDelivery,
    preferredPayment: businessProfiles.preferredPayment,
    marketingConsent: businessProfiles.marketingConsent,
  }),
  sql`from ${businessProfiles} where ${businessProfiles.userId} = me.user_id`,
);

/** What the settings page shows of the signed-in creator: only the columns it needs (never hashes or tokens). */
export const settingsQuery: PageQuery<Settings> = pagePart(
  jsonObject({ person, business, hasPassword: hasPasswordQuery.json }),
  ({ person, business, hasPassword }) => ({
    email: person?.email ?? "",
    firstName: person?.firstName ?? "",
    lastName: person?.lastName ?? "",
    avatarUrl: person?.avatarUrl ?? null,
    business: business ?? null,
    hasPassword: hasPasswordQuery.read(hasPassword),
    timeZone: person?.timeZone ?? null,
  }),
);
