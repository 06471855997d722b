import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { allowedOriginsOf } from "~/domains/sales-methods/embed/allowed-origins";
import { isUuid } from "~/lib/text-formats";

/** A product's buy page or the store's cart checkout, both found by the store's handle. */
const BUY_PAGE = /^\/s\/([^/.]+)\/(?:[^/.]+\/buy|cart\/checkout)\/?$/;
const TEST_CHECKOUT = /^\/checkout\/test\/([^/.]+)\/?$/;
const RETURN_PAGE = /^\/checkout\/([^/.]+)\/?$/;

/** The seller behind an embeddable checkout page: by store handle, test checkout or order; null for other paths. */
function sellerQuery(pathname: string) {
  const buy = BUY_PAGE.exec(pathname);
  if (buy) return sql`select user_id from storefronts where handle = ${decodeURIComponent(buy[1]!)}`;
  const test = TEST_CHECKOUT.exec(pathname);
  if (test)
    return sql`select o.user_id from test_provider_checkouts t join orders o on o.id::text = t.reference where t.id = ${test[1]!}`;
  const order = RETURN_PAGE.exec(pathname);
  if (order && isUuid(order[1]!)) return sql`select user_id from orders where id = ${order[1]!}`;
  return null;
}

/**
 * The origins that may frame this embed-mode checkout page for `host`: the seller's allowed list when it holds
 * `host`, else null (the page then refuses every frame).
 */
export async function readEmbedAncestors(db: Database, pathname: string, host: string): Promise<string[] | null> {
  const seller = sellerQuery(pathname);
  if (!seller) return null;
  const result = await db.execute<{ settings: Record<string, unknown> }>(sql`
    select m.settings from sales_methods m
    where m.method = 'existing_website' and m.user_id = (${seller} limit 1)
    limit 1
  `);
  const origins = allowedOriginsOf(result.rows[0]?.settings);
  return origins.includes(host) ? origins : null;
}
