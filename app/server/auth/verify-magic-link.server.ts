import type { AppServices } from "../services";

/** Consumes a magic-link token; on success returns the session cookie headers to set. */
export async function verifyMagicLink(services: AppServices, request: Request, token: string): Promise<{ ok: true; headers: Headers } | { ok: false }> {
  if (!token || token.length > 512) return { ok: false };
  try {
    const { headers } = await services.auth.api.magicLinkVerify({ query: { token }, headers: request.headers, returnHeaders: true });
    return headers.get("set-cookie") ? { ok: true, headers } : { ok: false };
  } catch {
    return { ok: false };
  }
}
