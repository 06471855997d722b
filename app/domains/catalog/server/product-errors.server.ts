import { fail, type Failure } from "~/lib/errors";
import type { SkuTaken } from "./save-product-variants.server";

/** Whether a database error is the unique index `constraint` refusing a duplicate. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let cause: unknown = error, depth = 0;
    cause && depth < 5;
    cause = (cause as { cause?: unknown }).cause, depth += 1
  ) {
    const found = cause as { code?: unknown; constraint?: unknown };
    if (found.code === "23505" && found.constraint === constraint) return true;
  }
  return false;
}

/** Whether a database error is the per-store slug's unique index refusing a duplicate. */
export function isSlugCollision(error: unknown): boolean {
  return isUniqueViolation(error, "products_user_slug_idx");
}

/** Whether a database error is the per-store SKU's unique index refusing a duplicate. */
function isSkuCollision(error: unknown): boolean {
  return isUniqueViolation(error, "product_variants_user_sku_idx");
}

/** The failure a product save's error stands for (a taken slug or SKU); rethrows any other. */
export function productSaveFailure(error: unknown): Failure<"PRODUCT_SLUG_TAKEN"> | SkuTaken {
  if (isSlugCollision(error)) return fail("PRODUCT_SLUG_TAKEN");
  // Another save took the SKU between the check and the write: the index refused it.
  if (isSkuCollision(error)) return { ...fail("PRODUCT_SKU_TAKEN"), sku: "" };
  throw error;
}
