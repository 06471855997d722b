import { fail, type Failure } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";
import { consumeRateLimits, type RateLimitRule } from "~/server/rate-limit/consume-rate-limit.server";
import type { AppServices } from "~/server/services.server";
import { LOST_LINKS_MAIL } from "./mail-lost-links.server";

/** Lost-link requests per client IP and per email (as the password reset's). */
export const LOST_LINK_RATE_LIMIT: RateLimitRule = { name: "purchase-links", limit: 5, windowSeconds: 60 * 60 };

export type LostLinkResult = { ok: true } | Failure<"LOST_LINK_RATE_LIMITED">;

/**
 * A buyer who lost their receipt asks for new links: the same outbox row for any email (no enumeration), stored
 * before the answer so a crash loses nothing; the worker mails the paid orders' fresh links (`mailLostLinks`).
 */
export async function requestLostLinks(services: Pick<AppServices, "db" | "mailer">, ctx: RequestContext, input: { email: string }): Promise<LostLinkResult> {
  const email = input.email.toLowerCase();
  const limit = await consumeRateLimits(services.db, [
    { rule: LOST_LINK_RATE_LIMIT, key: `ip:${ctx.meta.ipAddress ?? "unknown"}` },
    { rule: LOST_LINK_RATE_LIMIT, key: `email:${email}` },
  ]);
  if (!limit.allowed) return fail("LOST_LINK_RATE_LIMITED");
  await services.mailer.request({ kind: LOST_LINKS_MAIL, to: email });
  return { ok: true };
}
