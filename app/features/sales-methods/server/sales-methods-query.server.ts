import { sql } from "drizzle-orm";
import { isSalesMethodKey, type SalesMethodKey } from "~/features/sales-methods/content/sales-methods";
import type { PageQuery } from "~/kernel/session/page-query.server";

export type SalesMethodStatus = { method: SalesMethodKey; updatedAt: Date };

/** Which sales methods the signed-in creator has set up, and when each was last saved (own rows only). */
export const salesMethodsQuery: PageQuery<SalesMethodStatus[]> = {
  json: sql`(select coalesce(json_agg(json_build_object('method', method, 'updatedAt', updated_at)), '[]'::json) from sales_methods where user_id = me.user_id)`,
  read: (json) =>
    ((json ?? []) as { method: string; updatedAt: string }[]).flatMap((row) =>
      isSalesMethodKey(row.method) ? [{ method: row.method, updatedAt: new Date(row.updatedAt) }] : [],
    ),
};
