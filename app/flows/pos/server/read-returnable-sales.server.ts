import type { Database } from "~/db/database.server";
import { returnableOrdersSql } from "~/domains/orders/server/returnable-orders-sql.server";
import type { PosFoundSale } from "~/flows/pos/pos-types";

/** An email as a search can hold it: no spaces or control characters, which the database refuses. */
const EMAIL_QUERY = /^[^\s\p{Cc}@]+@[^\s\p{Cc}@]+$/u;
/** Half of a UTF-16 pair on its own: not text the database can compare. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The most sales one return search lists. */
export const RETURN_SEARCH_LIMIT = 20;

/**
 * The seller's paid or refunded orders, counter or online, whose number (the receipt's, or a longer part of the id)
 * or buyer's email matches `query`, newest first; nothing for a query that is neither.
 */
export async function readReturnableSales(db: Database, sellerId: string, query: string): Promise<PosFoundSale[]> {
  const wanted = query.trim().replace(/^#/, "");
  const email = EMAIL_QUERY.test(wanted) && !LONE_SURROGATE.test(wanted) ? wanted.toLowerCase() : null;
  const hex = wanted.replace(/-/g, "").toLowerCase();
  const number = !email && /^[0-9a-f]{6,32}$/.test(hex) ? hex : null;
  if (!email && !number) return [];
  const match = email ? { email } : { number: number! };
  const result = await db.execute<PosFoundSale>(returnableOrdersSql(sellerId, match, RETURN_SEARCH_LIMIT));
  return result.rows.map((row) => ({ ...row, soldAt: new Date(row.soldAt).toISOString(), lines: row.lines ?? [] }));
}
