import { sql } from "drizzle-orm";
import type { SalesMethodKey } from "~/domains/sales-methods/content/sales-methods";
import { jsonObject, jsonRow, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { salesMethods } from "~/domains/sales-methods/tables.server";

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
  const { id, settings, updatedAt, userId } = salesMethods;
  return pagePart(
    jsonRow(
      jsonObject({ id, settings, updatedAt }),
      sql`from ${salesMethods} where ${userId} = me.user_id and ${salesMethods.method} = ${method}::text limit 1`,
    ),
    (row) => (row ? { id: row.id, settings: row.settings, updatedAt: new Date(row.updatedAt) } : null),
  );
}
