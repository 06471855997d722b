import { fail, type Failure } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";
import { consumeRateLimit, type RateLimitRule } from "~/server/rate-limit/consume-rate-limit.server";
import type { AppServices } from "~/server/services.server";
import { LOST_LINKS_MAIL } from "./mail-lost-links.server";

/** Lost-link requests per client address, not per email, so nobody can use up a buyer's requests. */
export const LOST_LINK_RATE_LIMIT: RateLimitRule = { name: "purchase-links", limit: 5, windowSeconds: 60 * 60 };

export type LostLinkResult = { ok: true } | (Failure<"LOST_LINK_RATE_LIMITED"> & { retryAfterSeconds: number });

/** Requests fresh links by storing the same outbox row for any email, so no buyer is revealed. */
export async function requestLostLinks(
  services: Pick<AppServices, "db" | "mailer">,
  ctx: RequestContext,
  input: { email: string },
): Promise<LostLinkResult> {
  const limit = await consumeRateLimit(services.db, LOST_LINK_RATE_LIMIT, `ip:${ctx.meta.ipAddress ?? "unknown"}`);
  if (!limit.allowed) return { ...fail("LOST_LINK_RATE_LIMITED"), retryAfterSeconds: limit.retryAfterSeconds };
  await services.mailer.request({ kind: LOST_LINKS_MAIL, to: input.email.toLowerCase() });
  return { ok: true };
}
