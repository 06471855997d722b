import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import type { AppServices } from "~/server/services.server";
import { authErrorOf } from "./auth-error.server";
import { oauthProviderLabel, type OAuthProviderId } from "~/domains/accounts/oauth-providers";
import type { RequestContext } from "~/server/http/request-context.server";

/** The CSRF token inside `state` must equal the stored oauth_state, which is then removed. */
export const oauthStateCookie = createCookie("sellkit.oauth_state", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 10 * 60,
});

export function isProviderConfigured(env: AppServices["env"], provider: OAuthProviderId): boolean {
  if (provider === "google") return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
  if (provider === "facebook") return Boolean(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET);
  return Boolean(env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET);
}

/** `state` = base64url JSON of the CSRF token and the path to return to. */
export function encodeOAuthState(csrf: string, from: string): string {
  return Buffer.from(JSON.stringify({ csrf, from })).toString("base64url");
}

export function decodeOAuthState(state: string | null): { csrf: string; from: string } | null {
  if (!state || state.length > 4096) return null;
  try {
    const parsed = JSON.parse(Buffer.from(state, "base64url").toString("utf8")) as { csrf?: unknown; from?: unknown };
    return typeof parsed.csrf === "string" && typeof parsed.from === "string"
      ? { csrf: parsed.csrf, from: parsed.from }
      : null;
  } catch {
    return null;
  }
}

export type StartOAuthResult = { ok: true; url: string; headers: Headers } | { ok: false; message: string };

/** Begins a third-party sign-in: returns the provider's authorization URL and the cookies to set. */
export async function startOAuth(
  services: AppServices,
  ctx: RequestContext,
  provider: OAuthProviderId,
  from: string,
): Promise<StartOAuthResult> {
  if (!isProviderConfigured(services.env, provider)) {
    return {
      ok: false,
      message: `${oauthProviderLabel(provider)} sign-in is not configured on this server. Please use email and password.`,
    };
  }
  const csrf = randomBytes(24).toString("base64url");
  const callback = `/auth/google/callback?provider=${provider}&state=${encodeOAuthState(csrf, from)}`;
  try {
    const { headers, response } = await services.auth.api.signInSocial({
      body: { provider, callbackURL: callback, errorCallbackURL: callback, disableRedirect: true },
      headers: ctx.headers,
      returnHeaders: true,
    });
    if (!response.url) return { ok: false, message: "Unknown error occurred" };
    const out = new Headers();
    for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
    out.append("Set-Cookie", await oauthStateCookie.serialize(csrf));
    return { ok: true, url: response.url, headers: out };
  } catch (error) {
    services.logger.error({ err: error, provider }, "oauth start failed");
    return { ok: false, message: authErrorOf(error)?.message ?? "Unknown error occurred" };
  }
}
