import { sql } from "drizzle-orm";
import type { PageQuery } from "~/kernel/session/page-query.server";

export type BusinessCard = {
  storeName: string;
  businessDescription: string;
  businessTypes: string[];
  targetCustomers: string;
  companySize: string | null;
};

/** What the dashboard's business card shows; null when the creator has no business profile yet (not an error). */
export const businessCardQuery: PageQuery<BusinessCard | null> = {
  json: sql`(
    select json_build_object('storeName', store_name, 'businessDescription', business_description, 'businessTypes', business_types,
      'targetCustomers', target_customers, 'companySize', company_size)
    from business_profiles where user_id = me.user_id
  )`,
  read: (json) => (json as BusinessCard | null) ?? null,
};
