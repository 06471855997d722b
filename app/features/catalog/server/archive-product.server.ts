import type { Database } from "~/db/database.server";
import type { Failure } from "~/lib/errors";
import { setStatus } from "./publish-product.server";

/** Stops selling the creator's own product, which stays in the list; sold products are archived, never deleted. */
export function archiveProduct(db: Database, userId: string, productId: string): Promise<{ ok: true } | Failure<"PRODUCT_NOT_FOUND">> {
  return setStatus(db, userId, productId, "archived");
}

/** Brings an archived product back as a draft, to be checked and published again. */
export function unarchiveProduct(db: Database, userId: string, productId: string): Promise<{ ok: true } | Failure<"PRODUCT_NOT_FOUND">> {
  return setStatus(db, userId, productId, "draft");
}
