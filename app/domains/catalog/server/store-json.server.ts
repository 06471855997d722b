import { type SQL, sql } from "drizzle-orm";
import type { CoverRow, StoreRow } from "~/domains/catalog/store-profile";
import { salesMethodSettingsSql } from "~/domains/sales-methods/server/sales-method-sql.server";

/** A `StoreRow` as JSON for the storefront row `s`, as one embeddable expression. */
export const storeJson: SQL<StoreRow> = sql<StoreRow>`json_build_object(
  'handle', s.handle,
  'onlineStore', ${salesMethodSettingsSql(sql`s.user_id`, "online_store")},
  'storeName', (select b.store_name from business_profiles b where b.user_id = s.user_id),
  'businessDescription', (select b.business_description from business_profiles b where b.user_id = s.user_id),
  'avatarId', (select a.id from avatars a where a.user_id = s.user_id order by a.created_at desc limit 1)
)`;

/** The covers of product row `p` as a JSON array, narrowest first. */
export const coversJson: SQL<CoverRow[]> = sql<
  CoverRow[]
>`coalesce((select json_agg(json_build_object('id', c.id, 'width', c.width, 'height', c.height) order by c.width)
  from product_covers c where c.product_id = p.id), '[]'::json)`;

export type { CoverRow, StoreRow };
