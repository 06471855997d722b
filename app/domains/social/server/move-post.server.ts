import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type Failure, fail } from "~/lib/errors";
import { utcToZonedLocal, zonedLocalToUtc } from "~/lib/zoned-time";
import { isInPast } from "./schedule-rules.server";

/** The time of day a post without one gets when it is put on a day. */
const DEFAULT_TIME = "09:00";

/**
 * Puts a post on another day (YYYY-MM-DD in its zone), keeping its time of day; a scheduled post may not move
 * into the past, and a moved post is reminded again.
 */
export async function movePost(
  db: Database,
  sellerId: string,
  postId: string,
  day: string,
  now: Date,
): Promise<{ ok: true } | Failure<"SOCIAL_POST_NOT_FOUND" | "SOCIAL_SCHEDULE_IN_PAST">> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ scheduled_at: string | null; time_zone: string; status: string }>(
      sql`select scheduled_at, time_zone, status from social_posts
          where id = ${postId} and user_id = ${sellerId} for update`,
    );
    const post = found.rows[0];
    if (!post) return fail("SOCIAL_POST_NOT_FOUND");
    const time = post.scheduled_at
      ? utcToZonedLocal(new Date(post.scheduled_at), post.time_zone).slice(11)
      : DEFAULT_TIME;
    const scheduledAt = zonedLocalToUtc(`${day}T${time}`, post.time_zone);
    if (!scheduledAt) return fail("SOCIAL_POST_NOT_FOUND");
    if (post.status !== "posted" && isInPast(scheduledAt, now)) return fail("SOCIAL_SCHEDULE_IN_PAST");
    await tx.execute(sql`update social_posts set scheduled_at = ${scheduledAt}, reminder_sent_at = null,
      updated_at = now() where id = ${postId}`);
    return { ok: true as const };
  });
}
