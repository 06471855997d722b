import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type Failure, fail } from "~/lib/errors";
import { publicUrlProblem } from "../post-rules";

/** Records that a post is live at its public https address; no reminder is sent for it afterwards. */
export async function markPostPosted(
  db: Database,
  sellerId: string,
  postId: string,
  publicUrl: string,
): Promise<{ ok: true } | Failure<"SOCIAL_POST_NOT_FOUND" | "SOCIAL_PUBLIC_URL_INVALID">> {
  const problem = publicUrlProblem(publicUrl);
  if (problem) return fail("SOCIAL_PUBLIC_URL_INVALID", problem);
  const updated = await db.execute(sql`
    update social_posts set status = 'posted', public_url = ${publicUrl}, posted_at = coalesce(posted_at, now()),
      reminder_sent_at = coalesce(reminder_sent_at, now()), updated_at = now()
    where id = ${postId} and user_id = ${sellerId} returning 1`);
  return updated.rows.length ? { ok: true as const } : fail("SOCIAL_POST_NOT_FOUND");
}
