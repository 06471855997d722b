import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type Failure, fail } from "~/lib/errors";

/** Deletes a post with its click counts; its link then answers 404, while its orders keep their attribution. */
export async function deletePost(
  db: Database,
  sellerId: string,
  postId: string,
): Promise<{ ok: true } | Failure<"SOCIAL_POST_NOT_FOUND">> {
  const deleted = await db.execute(
    sql`delete from social_posts where id = ${postId} and user_id = ${sellerId} returning 1`,
  );
  return deleted.rows.length ? { ok: true as const } : fail("SOCIAL_POST_NOT_FOUND");
}
