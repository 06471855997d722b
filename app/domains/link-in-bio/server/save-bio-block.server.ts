import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { inTransaction } from "~/db/ambient-transaction.server";
import { ensureStorefront } from "~/domains/catalog/server/ensure-storefront.server";
import { productCovers, products } from "~/domains/catalog/tables.server";
import { bioBlocks, bioPages } from "~/domains/link-in-bio/tables.server";
import { type BioBlockInput, MAX_BIO_BLOCKS } from "~/domains/link-in-bio/schemas/bio-forms";
import { type Failure, fail } from "~/lib/errors";
import { httpUrl } from "~/lib/http-url";
import { zonedLocalToUtc } from "~/lib/zoned-time";

type Result =
  | { ok: true; id: string }
  | Failure<
      | "BIO_BLOCK_NOT_FOUND"
      | "BIO_PRODUCT_NOT_FOUND"
      | "BIO_THUMBNAIL_NOT_FOUND"
      | "BIO_TOO_MANY_BLOCKS"
      | "BIO_SHOW_FROM_INVALID"
      | "BIO_SHOW_UNTIL_INVALID"
    >;

/**
 * Adds a block at the end of the seller's page, or edits `input.blockId`. Products and thumbnails must be the
 * seller's own; schedule times are read in `timeZone` (one that does not exist is refused).
 */
export async function saveBioBlock(
  db: Database,
  sellerId: string,
  input: BioBlockInput,
  timeZone: string,
): Promise<Result> {
  const showFrom = input.showFrom ? zonedLocalToUtc(input.showFrom, timeZone) : null;
  const showUntil = input.showUntil ? zonedLocalToUtc(input.showUntil, timeZone) : null;
  if (input.showFrom && !showFrom) return fail("BIO_SHOW_FROM_INVALID");
  if (input.showUntil && !showUntil) return fail("BIO_SHOW_UNTIL_INVALID");
  const kind = input.kind;
  const productId = kind === "product" ? input.productId : null;
  const thumbnailCoverId = kind === "link" && input.thumbnailCoverId ? input.thumbnailCoverId : null;
  if (productId) {
    const [own] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.userId, sellerId)));
    if (!own) return fail("BIO_PRODUCT_NOT_FOUND");
  }
  if (thumbnailCoverId) {
    const [own] = await db
      .select({ id: productCovers.id })
      .from(productCovers)
      .innerJoin(products, eq(products.id, productCovers.productId))
      .where(and(eq(productCovers.id, thumbnailCoverId), eq(products.userId, sellerId)));
    if (!own) return fail("BIO_THUMBNAIL_NOT_FOUND");
  }
  const row = {
    kind,
    title: kind === "link" || kind === "heading" || kind === "signup" ? input.title : "",
    url: kind === "link" ? (httpUrl(input.url) ?? "") : "",
    body: kind === "text" || kind === "signup" ? input.body : "",
    productId,
    thumbnailCoverId,
    hidden: input.hidden,
    showFrom,
    showUntil,
  };
  if (input.blockId) {
    const [saved] = await db
      .update(bioBlocks)
      .set(row)
      .where(and(eq(bioBlocks.id, input.blockId), eq(bioBlocks.userId, sellerId)))
      .returning({ id: bioBlocks.id });
    return saved ? { ok: true, id: saved.id } : fail("BIO_BLOCK_NOT_FOUND");
  }
  await ensureStorefront(db, sellerId);
  return inTransaction(db, async (tx) => {
    await tx.insert(bioPages).values({ userId: sellerId }).onConflictDoNothing();
    // The page row is locked so two adds cannot both pass the count.
    await tx.execute(sql`select 1 from bio_pages where user_id = ${sellerId} for update`);
    const [{ count, last } = { count: 0, last: -1 }] = await tx
      .select({ count: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${bioBlocks.position}), -1)::int` })
      .from(bioBlocks)
      .where(eq(bioBlocks.userId, sellerId));
    if (count >= MAX_BIO_BLOCKS) return fail("BIO_TOO_MANY_BLOCKS");
    const [saved] = await tx
      .insert(bioBlocks)
      .values({ ...row, userId: sellerId, position: last + 1 })
      .returning({ id: bioBlocks.id });
    return { ok: true as const, id: saved!.id };
  });
}
