import { data, Link, redirect } from "react-router";
import { AuthCard } from "~/domains/accounts/components/auth-card";
import { oauthProviderLabel } from "~/domains/accounts/oauth-providers";
import { pageMeta } from "~/lib/meta";
import { useToastThenNavigate } from "~/lib/use-toast-then-navigate";
import { readSessionUser } from "~/kernel/session/read-session-user.server";
import { TWO_FACTOR_CHALLENGE_PATH } from "~/kernel/session/authorize-user.server";
import { safeRedirectPath } from "~/kernel/session/safe-redirect.server";
import { takeOAuthReturn } from "~/domains/accounts/server/oauth-return.server";
import { decodeOAuthState, oauthStateCookie } from "~/domains/accounts/server/start-oauth.server";
import { requestMeta } from "~/server/http/request-meta.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import type { Route } from "./+types/auth.google.callback";
import { requestContext } from "~/server/http/request-context.server";

export const OAUTH_SUCCESS_MS = 1500;
export const OAUTH_FAILURE_MS = 2000;

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Signing you in", description: "Third-party sign-in." }),
  { name: "robots", content: "noindex" },
];

const ERROR_TEXT: Record<string, string> = {
  account_not_linked: "An account with this email already exists. Sign in with your password first.",
  access_denied: "Access was denied.",
};

/**
 * Where third-party sign-in returns: the CSRF token inside `state` must equal the stored
 * oauth_state (then removed); errors and a missing session fail; success returns to the path in state.
 */
export async function loader(args: Route.LoaderArgs) {
  try {
    return await handleCallback(args);
  } catch (error) {
    if (error instanceof Response) throw error; // a redirect (the two-factor challenge), not a failure
    args.context.services.logger.error({ err: error }, "oauth callback failed");
    return { ok: false as const, title: "Authentication processing failed", description: "Please try again.", to: "/" };
  }
}

async function handleCallback({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const params = new URL(request.url).searchParams;
  const provider = oauthProviderLabel(params.get("provider") ?? "google");
  const clear = new Headers({ "Set-Cookie": await oauthStateCookie.serialize("", { maxAge: 0 }) });
  const stored = await oauthStateCookie.parse(request.headers.get("cookie"));
  const state = decodeOAuthState(params.get("state"));
  const user = await readSessionUser(services, requestContext(request));

  // Whether the current session is the one a third-party sign-in just made and that is returning here now.
  const returning = user ? await takeOAuthReturn(services.db, user.sessionId) : false;

  if (!state || typeof stored !== "string" || stored !== state.csrf) {
    // A sign-in that cannot be tied to this browser's request is not kept. Any other session is left alone:
    // this is a GET that a link on any site can trigger.
    if (user && returning) {
      const { headers } = await services.auth.api.signOut({ headers: request.headers, returnHeaders: true });
      for (const cookie of headers.getSetCookie()) clear.append("Set-Cookie", cookie);
      await recordSecurityEvent(
        services.db,
        {
          userId: user.id,
          eventType: "oauth_state_mismatch",
          eventCategory: "authentication",
          severity: "high",
          riskScore: 8,
        },
        requestMeta(request),
      );
    }
    return data(
      {
        ok: false as const,
        title: "Security verification failed",
        description: "Please try signing in again.",
        to: "/",
      },
      { headers: clear },
    );
  }
  const error = params.get("error");
  if (error) {
    return data(
      {
        ok: false as const,
        title: "Authentication failed",
        description: ERROR_TEXT[error] ?? error.replace(/_/g, " "),
        to: "/",
      },
      { headers: clear },
    );
  }
  if (!user)
    return data(
      {
        ok: false as const,
        title: "No authorization code received",
        description: `${provider} did not complete the sign-in.`,
        to: "/",
      },
      { headers: clear },
    );
  // Two-factor applies to third-party sign-in too: the session is not signed in until the second factor.
  if (user.secondFactor === "pending")
    throw redirect(`${TWO_FACTOR_CHALLENGE_PATH}?from=${encodeURIComponent(safeRedirectPath(state.from))}`, {
      headers: clear,
    });
  return data(
    {
      ok: true as const,
      title: "Welcome back!",
      description: `Signed in with ${provider}.`,
      to: safeRedirectPath(state.from),
    },
    { headers: clear },
  );
}

export default function OAuthCallback({ loaderData }: Route.ComponentProps) {
  useToastThenNavigate(loaderData, {
    toast: { type: loaderData.ok ? "success" : "error", title: loaderData.title, description: loaderData.description },
    to: loaderData.to,
    delayMs: loaderData.ok ? OAUTH_SUCCESS_MS : OAUTH_FAILURE_MS,
  });
  return (
    <AuthCard title={loaderData.ok ? "Signed in" : loaderData.title}>
      <p role="status" className="text-center">
        {loaderData.description} Redirecting…{" "}
        <Link to={loaderData.to} className="text-primary underline">
          Continue
        </Link>
      </p>
    </AuthCard>
  );
}
