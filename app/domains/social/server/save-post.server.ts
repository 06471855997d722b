import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { salesMethodSettingsSql } from "~/domains/sales-methods/server/sales-method-sql.server";
import { type Failure, fail } from "~/lib/errors";
import { zonedLocalToUtc } from "~/lib/zoned-time";
import { type Platform, textLimitProblem } from "../post-rules";
import { type LinkTarget, newTrackingCode } from "../tracking-link";
import { isInPast } from "./schedule-rules.server";

/** A post as the form gives it, its time still wall-clock in `timeZone`. */
export type PostInput = {
  platform: Platform;
  contentType: string;
  text: string;
  productIds: string[];
  linkTarget: LinkTarget;
  status: "idea" | "draft" | "scheduled";
  scheduledAt: string;
  timeZone: string;
};

type SaveFailure = Failure<
  | "SOCIAL_POST_NOT_FOUND"
  | "SOCIAL_TEXT_TOO_LONG"
  | "SOCIAL_SCHEDULE_IN_PAST"
  | "SOCIAL_SCHEDULE_MISSING"
  | "SOCIAL_PLATFORM_NOT_SET_UP"
  | "SOCIAL_PRODUCT_NOT_FOUND"
>;

/**
 * Creates a post with its tracking code, or edits one. The network must be in the seller's setup, the text within
 * its limit, the products the seller's, and a new time not in the past; a new time sends a new reminder.
 */
export async function savePost(
  db: Database,
  sellerId: string,
  id: string | null,
  input: PostInput,
  now: Date,
): Promise<{ ok: true; id: string } | SaveFailure> {
  const tooLong = textLimitProblem(input.platform, input.text);
  if (tooLong) return fail("SOCIAL_TEXT_TOO_LONG", tooLong);
  const scheduledAt = input.scheduledAt ? zonedLocalToUtc(input.scheduledAt, input.timeZone) : null;
  if (input.status === "scheduled" && !scheduledAt) return fail("SOCIAL_SCHEDULE_MISSING");
  return db.transaction(async (tx) => {
    const setup = await tx.execute<{ ok: boolean; products: number }>(sql`
      select coalesce(${salesMethodSettingsSql(sellerId, "social_media")}->'platforms' ? ${input.platform},
        false) as ok,
        (select count(*)::int from products where user_id = ${sellerId}
          and id = any(${`{${input.productIds.join(",")}}`}::uuid[]) and status <> 'archived') as products`);
    if (!setup.rows[0]?.ok) return fail("SOCIAL_PLATFORM_NOT_SET_UP");
    if (setup.rows[0].products !== new Set(input.productIds).size) return fail("SOCIAL_PRODUCT_NOT_FOUND");
    let previous: { scheduled_at: string | null; status: string } | undefined;
    if (id) {
      const found = await tx.execute<{ scheduled_at: string | null; status: string }>(
        sql`select scheduled_at, status from social_posts where id = ${id} and user_id = ${sellerId} for update`,
      );
      previous = found.rows[0];
      if (!previous) return fail("SOCIAL_POST_NOT_FOUND");
    }
    const moved =
      (previous?.scheduled_at ? new Date(previous.scheduled_at).getTime() : null) !== scheduledAt?.getTime();
    if (scheduledAt && moved && isInPast(scheduledAt, now)) return fail("SOCIAL_SCHEDULE_IN_PAST");
    const productIds = JSON.stringify([...new Set(input.productIds)]);
    const status = previous?.status === "posted" ? "posted" : input.status;
    if (id) {
      await tx.execute(sql`
        update social_posts set platform = ${input.platform}, content_type = ${input.contentType}, text = ${input.text},
          product_ids = ${productIds}::jsonb, link_target = ${input.linkTarget}, status = ${status},
          scheduled_at = ${scheduledAt},
          time_zone = ${input.timeZone}, updated_at = now(),
          reminder_sent_at = case when ${moved}::boolean then null else reminder_sent_at end
        where id = ${id}`);
      return { ok: true as const, id };
    }
    const inserted = await tx.execute<{ id: string }>(sql`
      insert into social_posts (user_id, code, platform, content_type, text, product_ids, link_target, status,
        scheduled_at, time_zone)
      values (${sellerId}, ${newTrackingCode()}, ${input.platform}, ${input.contentType}, ${input.text},
        ${productIds}::jsonb, ${input.linkTarget}, ${status}, ${scheduledAt}, ${input.timeZone})
      returning id`);
    return { ok: true as const, id: inserted.rows[0]!.id };
  });
}
