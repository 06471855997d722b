import type { AppServices } from "~/server/services.server";
import { isTwoFactorEnabled } from "~/domains/security/server/two-factor/is-two-factor-enabled.server";
import type { RequestContext } from "~/server/http/request-context.server";

/**
 * Consumes a magic-link token, returning the session cookie headers and whether the session still owes its second
 * factor.
 */
export async function verifyMagicLink(
  services: AppServices,
  ctx: RequestContext,
  token: string,
): Promise<{ ok: true; headers: Headers; secondFactorPending: boolean } | { ok: false }> {
  if (!token || token.length > 512) return { ok: false };
  try {
    const { headers, response } = await services.auth.api.magicLinkVerify({
      query: { token },
      headers: ctx.headers,
      returnHeaders: true,
    });
    if (!headers.get("set-cookie")) return { ok: false };
    return { ok: true, headers, secondFactorPending: await isTwoFactorEnabled(services.db, response.user.id) };
  } catch {
    return { ok: false };
  }
}
