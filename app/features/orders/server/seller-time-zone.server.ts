import { readTimeZone } from "~/features/workspace/server/read-time-zone.server";
import { resolveTimeZone } from "~/lib/zoned-time";
import type { RequestContext } from "~/server/http/request-context.server";

/**
 * The time zone the seller's orders pages show times in (issue 16.3): the zone the creator saved in their settings
 * when given (issue 16.2 adds that setting: pass it here), else the one their browser reports (TIME_ZONE_COOKIE),
 * else UTC. The one place these pages decide it.
 */
export function sellerTimeZone(ctx: RequestContext, saved?: string | null): string {
  return resolveTimeZone(saved || readTimeZone(ctx));
}
