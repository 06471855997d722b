import { data, redirect } from "react-router";
import { OAUTH_PROVIDERS, oauthProviderLabel, type OAuthProviderId } from "~/features/accounts/oauth-providers";
import type { AppServices } from "~/server/services.server";
import { safeRedirectPath } from "~/kernel/session/safe-redirect.server";
import { startOAuth } from "../start-oauth.server";
import type { RequestContext } from "~/server/http/request-context.server";

export const GOOGLE_FAILURE_HINT = "Please try again or use email/password login";

/** `intent=oauth`: sends the browser to the provider, or answers '{provider} login failed'. */
export async function oauthIntent(services: AppServices, ctx: RequestContext, formData: FormData) {
  const provider = String(formData.get("provider") ?? "");
  if (!OAUTH_PROVIDERS.some((p) => p.id === provider)) {
    return data(
      { intent: "oauth" as const, error: { title: "Login failed", description: "Unknown sign-in provider" } },
      { status: 400 },
    );
  }
  const from = safeRedirectPath(formData.get("from"));
  const result = await startOAuth(services, ctx, provider as OAuthProviderId, from);
  if (!result.ok) {
    // Google failures suggest the password route; other providers show their error.
    const description = provider === "google" ? GOOGLE_FAILURE_HINT : result.message;
    return data(
      { intent: "oauth" as const, error: { title: `${oauthProviderLabel(provider)} login failed`, description } },
      { status: 400 },
    );
  }
  return redirect(result.url, { headers: result.headers });
}
