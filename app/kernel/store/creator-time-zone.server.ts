import { sql } from "drizzle-orm";
import type { PageQuery } from "~/kernel/session/page-query.server";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import { resolveTimeZone } from "~/lib/zoned-time";
import type { RequestContext } from "~/server/http/request-context.server";

/**
 * The zone the creator saved in Settings → Time zone (null: they follow their browser's), read inside the page's
 * one statement; combine it with the page's own query (`combinePageQueries`).
 */
export const savedTimeZoneQuery: PageQuery<string | null> = {
  json: sql`(select to_json(p.time_zone) from profiles p where p.user_id = me.user_id)`,
  read: (json) => (typeof json === "string" ? json : null),
};

/**
 * The time zone every page of the creator's shows times and counts days in (the analytics, orders,
 * customers, payouts and discount pages must agree): the zone saved in their settings, else the one their browser
 * reports (its cookie), else UTC. The analytics read model applies the same order in SQL (analytics-query).
 */
export function creatorTimeZone(ctx: RequestContext, saved: string | null | undefined): string {
  return resolveTimeZone(saved || readTimeZone(ctx));
}
