import { sql } from "drizzle-orm";
import { jsonObject, jsonRow, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { businessProfiles } from "~/kernel/store/tables.server";

export type BusinessCard = {
  storeName: string;
  businessDescription: string;
  businessTypes: string[];
  targetCustomers: string;
  companySize: string | null;
};

/** What the dashboard's business card shows; null when the creator has no business profile yet (not an error). */
export const businessCardQuery: PageQuery<BusinessCard | null> = pagePart(
  jsonRow(
    jsonObject({
      storeName: businessProfiles.storeName,
      businessDescription: businessProfiles.businessDescription,
      businessTypes: businessProfiles.businessTypes,
      targetCustomers: businessProfiles.targetCustomers,
      companySize: businessProfiles.companySize,
    }),
    sql`from ${businessProfiles} where ${businessProfiles.userId} = me.user_id`,
  ),
);
