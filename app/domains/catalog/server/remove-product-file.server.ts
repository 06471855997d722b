import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { fail, type Failure } from "~/lib/errors";
import { productFiles } from "../tables.server";
import type { ProductFileStore } from "./product-file-store.server";

/** Removes one of the user's product files, stored bytes before the row so a store failure can be retried. */
export async function removeProductFile(
  { db, store }: { db: Database; store: ProductFileStore },
  actor: { userId: string },
  input: { fileId: string },
): Promise<{ ok: true } | Failure<"PRODUCT_FILE_NOT_FOUND">> {
  const mine = and(eq(productFiles.id, input.fileId), eq(productFiles.userId, actor.userId));
  const [row] = await db.select({ uploadId: productFiles.uploadId }).from(productFiles).where(mine).limit(1);
  if (!row) return fail("PRODUCT_FILE_NOT_FOUND");
  await store.remove(row.uploadId);
  await db.delete(productFiles).where(mine);
  return { ok: true };
}
