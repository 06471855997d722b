import { consumeRateLimits, RATE_LIMITS } from "~/server/rate-limit/consume-rate-limit.server";
import type { AppServices } from "~/server/services.server";
import { type Failure, fail } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";
import { MAGIC_LINK_MAIL } from "./mail-magic-link.server";

/**
 * Requests a sign-in link by storing the same outbox row for any email, so nothing is lost on a crash and no account is
 * revealed.
 */
export async function sendMagicLink(
  services: AppServices,
  ctx: RequestContext,
  email: string,
): Promise<{ ok: true } | Failure<"MAGIC_LINK_RATE_LIMITED">> {
  const { db, mailer } = services;
  const meta = ctx.meta;
  const limit = await consumeRateLimits(db, [
    { rule: RATE_LIMITS.magicLink, key: `ip:${meta.ipAddress ?? "unknown"}` },
    { rule: RATE_LIMITS.magicLink, key: `email:${email}` },
  ]);
  if (!limit.allowed) return fail("MAGIC_LINK_RATE_LIMITED");
  await mailer.request({ kind: MAGIC_LINK_MAIL, to: email });
  return { ok: true };
}
