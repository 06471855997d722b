import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { fail, type Failure } from "~/lib/errors";
import { checkFileName } from "../content/product-files";
import { productFiles } from "../tables.server";

/** Renames one of the user's product files; the name is checked as at upload (never a path). */
export async function renameProductFile(
  db: Database,
  actor: { userId: string },
  input: { fileId: string; name: string },
): Promise<{ ok: true; name: string } | Failure<"PRODUCT_FILE_NAME_INVALID" | "PRODUCT_FILE_NOT_FOUND">> {
  const name = checkFileName(input.name);
  if (!name.ok) return fail("PRODUCT_FILE_NAME_INVALID", name.message);
  const updated = await db
    .update(productFiles)
    .set({ name: name.name })
    .where(and(eq(productFiles.id, input.fileId), eq(productFiles.userId, actor.userId)))
    .returning({ id: productFiles.id });
  return updated.length > 0 ? { ok: true, name: name.name } : fail("PRODUCT_FILE_NOT_FOUND");
}
