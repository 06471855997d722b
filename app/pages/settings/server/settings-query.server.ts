import { sql } from "drizzle-orm";
import { hasPasswordQuery } from "~/kernel/session/has-password-query.server";
import type { PageQuery } from "~/kernel/session/page-query.server";

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

/** What the settings page shows of the signed-in creator: only the columns it needs (never hashes or tokens). */
export const settingsQuery: PageQuery<Settings> = {
  json: sql`json_build_object(
    'person', (
      select json_build_object('email', u.email, 'firstName', p.first_name, 'lastName', p.last_name, 'avatarUrl', p.avatar_url, 'timeZone', p.time_zone)
      from "user" u left join profiles p on p.user_id = u.id where u.id = me.user_id
    ),
    'business', (
      select json_build_object('phone', phone, 'storeName', store_name, 'businessTypes', business_types, 'businessDescription', business_description,
        'targetCustomers', target_customers, 'companySize', company_size, 'websiteUrl', website_url, 'preferredDelivery', preferred_delivery,
        'preferredPayment', preferred_payment, 'marketingConsent', marketing_consent)
      from business_profiles where user_id = me.user_id
    ),
    'hasPassword', ${hasPasswordQuery.json}
  )`,
  read: (json) => {
    const { person, business, hasPassword } = json as {
      person: Record<string, string | null> | null;
      business: Settings["business"];
      hasPassword: unknown;
    };
    return {
      email: person?.email ?? "",
      firstName: person?.firstName ?? "",
      lastName: person?.lastName ?? "",
      avatarUrl: person?.avatarUrl ?? null,
      business: business ?? null,
      hasPassword: hasPasswordQuery.read(hasPassword),
      timeZone: person?.timeZone ?? null,
    };
  },
};
