import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { salesMethodSettingsSql } from "~/domains/sales-methods/server/sales-method-sql.server";
import { type Failure, fail } from "~/lib/errors";
import type { Platform } from "../post-rules";
import { newTrackingCode } from "../tracking-link";

/**
 * Copies a post for another network as a draft with its own tracking link, so each network's figures stay apart;
 * the network must be in the seller's setup.
 */
export async function duplicatePost(
  db: Database,
  sellerId: string,
  postId: string,
  platform: Platform,
): Promise<{ ok: true; id: string } | Failure<"SOCIAL_POST_NOT_FOUND" | "SOCIAL_PLATFORM_NOT_SET_UP">> {
  const setup = await db.execute<{ ok: boolean }>(sql`
    select coalesce(${salesMethodSettingsSql(sellerId, "social_media")}->'platforms' ? ${platform}, false) as ok`);
  if (!setup.rows[0]?.ok) return fail("SOCIAL_PLATFORM_NOT_SET_UP");
  const inserted = await db.execute<{ id: string }>(sql`
    insert into social_posts (user_id, code, platform, content_type, text, product_ids, link_target, status,
      scheduled_at, time_zone)
    select user_id, ${newTrackingCode()}, ${platform}, content_type, text, product_ids, link_target,
      case when status = 'idea' then 'idea' else 'draft' end, scheduled_at, time_zone
    from social_posts where id = ${postId} and user_id = ${sellerId}
    returning id`);
  const id = inserted.rows[0]?.id;
  return id ? { ok: true as const, id } : fail("SOCIAL_POST_NOT_FOUND");
}
