import { type SQL, sql } from "drizzle-orm";

// SQL parts of the product files table, for the statements that deliver files to buyers.

/**
 * The files whose upload completed, as a subquery of `id`, `product_id`, `upload_id`, `name`, `content_type`, `size`,
 * `sha256`, `position`, `created_at` and `completed_at`.
 */
export const completedProductFilesSql: SQL = sql`select pf.id, pf.product_id, pf.upload_id, pf.name, pf.content_type,
    pf.size, pf.sha256, pf.position, pf.created_at, pf.completed_at
  from product_files pf where pf.completed_at is not null`;
