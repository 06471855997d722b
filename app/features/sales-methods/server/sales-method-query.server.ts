import { sql } from "drizzle-orm";
import type { SalesMethodKey } from "~/features/sales-methods/content/sales-methods";
import type { PageQuery } from "~/kernel/session/page-query.server";

export type SavedSalesMethod = { id: string; settings: Record<string, unknown>; updatedAt: Date };

const queries = new Map<SalesMethodKey, PageQuery<SavedSalesMethod | null>>();

/** The signed-in creator's saved setup of one method, or null; one query object per method, so it is prepared once. */
export function salesMethodQuery(method: SalesMethodKey): PageQuery<SavedSalesMethod | null> {
  let query = queries.get(method);
  if (!query) {
    query = ofMethod(method);
    queries.set(method, query);
  }
  return query;
}

function ofMethod(method: SalesMethodKey): PageQuery<SavedSalesMethod | null> {
  return {
    json: sql`(select json_build_object('id', id, 'settings', settings, 'updatedAt', updated_at) from sales_methods where user_id = me.user_id and method = ${method}::text limit 1)`,
    read: (json) => {
      const row = json as { id: string; settings: Record<string, unknown>; updatedAt: string } | null;
      return row ? { id: row.id, settings: row.settings, updatedAt: new Date(row.updatedAt) } : null;
    },
  };
}
