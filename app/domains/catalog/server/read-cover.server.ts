import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { prepareStatement } from "~/db/prepare-statement.server";

export type Cover = { bytes: Buffer; contentType: string; published: boolean; ownerId: string };

const statement = prepareStatement<{ bytes: Buffer; contentType: string; status: string; ownerId: string }>(sql`
  select c.bytes, c.content_type as "contentType", p.status, p.user_id as "ownerId"
  from product_covers c join products p on p.id = c.product_id where c.id = ${sql.placeholder("id")}::uuid`);

/** A cover image by id, with its product's status and owner; null when unknown. */
export async function readCover(db: Database, id: string): Promise<Cover | null> {
  const [row] = await statement.run(db, { id });
  return row
    ? { bytes: row.bytes, contentType: row.contentType, published: row.status === "published", ownerId: row.ownerId }
    : null;
}
