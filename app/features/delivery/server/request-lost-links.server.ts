import { fail, type Failure } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";
import { consumeRateLimit, type RateLimitRule } from "~/server/rate-limit/consume-rate-limit.server";
import type { AppServices } from "~/server/services.server";
import { LOST_LINKS_MAIL } from "./mail-lost-links.server";

/**
 * Lost-link requests per client address, whatever the email. Not per email: that limit would let any address
 * use up a buyer's requests (their inbox is kept by `LOST_LINK_MAIL_LIMIT` instead).
 */
export const LOST_LINK_RATE_LIMIT: RateLimitRule = { name: "purchase-links", limit: 5, windowSeconds: 60 * 60 };

export type LostLinkResult = { ok: true } | (Failure<"LOST_LINK_RATE_LIMITED"> & { retryAfterSeconds: number });

/**
 * A buyer who lost their receipt asks for new links: the same outbox row for any email (no enumeration), stored
 * before the answer so a crash loses nothing; the worker mails the paid orders' fresh links (`mailLostLinks`).
 */
export async function requestLostLinks(services: Pick<AppServices, "db" | "mailer">, ctx: RequestContext, input: { email: string }): Promise<LostLinkResult> {
  const limit = await consumeRateLimit(services.db, LOST_LINK_RATE_LIMIT, `ip:${ctx.meta.ipAddress ?? "unknown"}`);
  if (!limit.allowed) return { ...fail("LOST_LINK_RATE_LIMITED"), retryAfterSeconds: limit.retryAfterSeconds };
  await services.mailer.request({ kind: LOST_LINKS_MAIL, to: input.email.toLowerCase() });
  return { ok: true };
}
