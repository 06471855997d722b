import type { Database } from "~/db/database.server";
import type { Failure } from "~/lib/errors";
import type { AppServices } from "~/server/services.server";
import { deleteProduct } from "./delete-product.server";
import { duplicateProduct } from "./duplicate-product.server";
import { publishProduct } from "./publish-product.server";
import { setProductStatus } from "./set-product-status.server";

/** An action that only moves the product to `status` (a draft again, or archived: sold products are never deleted). */
const moveTo = (status: "draft" | "archived") => (db: Database, userId: string, productId: string) =>
  setProductStatus(db, userId, productId, status);

/** The Product Manager's one-click actions on a product. */
export const PRODUCT_ACTIONS = {
  duplicate: { run: duplicateProduct, done: "Product duplicated as a draft" },
  publish: { run: publishProduct, done: "Product published" },
  unpublish: { run: moveTo("draft"), done: "Product unpublished: it is a draft again" },
  archive: { run: moveTo("archived"), done: "Product archived" },
  unarchive: { run: moveTo("draft"), done: "Product restored as a draft" },
  delete: { run: deleteProduct, done: "Product deleted" },
} as const satisfies Record<
  string,
  { run: (db: Database, userId: string, productId: string) => Promise<{ ok: true } | Failure>; done: string }
>;

export type ProductAction = keyof typeof PRODUCT_ACTIONS;

export function isProductAction(value: unknown): value is ProductAction {
  return typeof value === "string" && Object.hasOwn(PRODUCT_ACTIONS, value);
}

/** Runs `action` on the creator's own product; a deleted product's stored files go only after its rows are gone. */
export async function runProductAction(
  services: Pick<AppServices, "db" | "productFiles" | "logger">,
  userId: string,
  action: ProductAction,
  productId: string,
): Promise<{ ok: true; message: string; id?: string } | Failure> {
  const { run, done } = PRODUCT_ACTIONS[action];
  const result = await run(services.db, userId, productId);
  if (!result.ok) return result;
  if ("removedUploads" in result) {
    for (const uploadId of result.removedUploads) {
      await services.productFiles
        .remove(uploadId)
        .catch((error: unknown) =>
          services.logger.warn({ err: error, uploadId }, "a deleted product's file could not be removed"),
        );
    }
  }
  return { ok: true, message: done, id: "id" in result ? (result.id as string) : undefined };
}
