import { sql } from "drizzle-orm";
import type { PageQuery } from "~/kernel/session/page-query.server";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import { resolveTimeZone } from "~/lib/zoned-time";
import type { RequestContext } from "~/server/http/request-context.server";

/** The creator's saved time zone (null: follow the browser), as a part of the page's one statement. */
export const savedTimeZoneQuery: PageQuery<string | null> = {
  json: sql`(select to_json(p.time_zone) from profiles p where p.user_id = me.user_id)`,
  read: (json) => (typeof json === "string" ? json : null),
};

/**
 * The time zone all of the creator's pages show times in, so they agree: saved setting, else browser cookie, else
 * UTC. The analytics SQL applies the same order.
 */
export function creatorTimeZone(ctx: RequestContext, saved: string | null | undefined): string {
  return resolveTimeZone(saved || readTimeZone(ctx));
}
