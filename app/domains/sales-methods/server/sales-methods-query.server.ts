import { sql } from "drizzle-orm";
import { isSalesMethodKey, type SalesMethodKey } from "~/domains/sales-methods/content/sales-methods";
import { jsonList, jsonObject, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { salesMethods } from "~/domains/sales-methods/tables.server";

export type SalesMethodStatus = { method: SalesMethodKey; updatedAt: Date };

/** Which sales methods the signed-in creator has set up, and when each was last saved (own rows only). */
export const salesMethodsQuery: PageQuery<SalesMethodStatus[]> = pagePart(
  jsonList(
    jsonObject({ method: salesMethods.method, updatedAt: salesMethods.updatedAt }),
    sql`from ${salesMethods} where ${salesMethods.userId} = me.user_id`,
  ),
  (rows) =>
    rows.flatMap((row) =>
      isSalesMethodKey(row.method) ? [{ method: row.method, updatedAt: new Date(row.updatedAt) }] : [],
    ),
);
