import { data, Link, redirect } from "react-router";
import { AuthCard } from "~/domains/accounts/components/auth-card";
import { pageMeta } from "~/lib/meta";
import { useToastThenNavigate } from "~/lib/use-toast-then-navigate";
import { TWO_FACTOR_CHALLENGE_PATH } from "~/kernel/session/authorize-user.server";
import { verifyMagicLink } from "~/domains/accounts/server/verify-magic-link.server";
import type { Route } from "./+types/verify";
import { requestContext } from "~/server/http/request-context.server";

export const MAGIC_LINK_SUCCESS_MS = 1500;
export const MAGIC_LINK_FAILURE_MS = 2000;

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Signing you in", description: "Magic-link sign-in." }),
  { name: "robots", content: "noindex" },
];

/** Magic-link landing: no token → /login; the token is consumed once, on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) throw redirect("/login");
  const result = await verifyMagicLink(context.services, requestContext(request), token);
  if (!result.ok) return { ok: false };
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (result.secondFactorPending) throw redirect(`${TWO_FACTOR_CHALLENGE_PATH}?from=%2F`, { headers });
  return data({ ok: true }, { headers });
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  useToastThenNavigate(
    loaderData,
    loaderData.ok
      ? { toast: { type: "success", title: "Welcome back!" }, to: "/", delayMs: MAGIC_LINK_SUCCESS_MS }
      : {
          toast: { type: "error", title: "Login failed", description: "This sign-in link is invalid or has expired." },
          to: "/login",
          delayMs: MAGIC_LINK_FAILURE_MS,
        },
  );
  return (
    <AuthCard title={loaderData.ok ? "You're signed in" : "Link not valid"}>
      <p role="status" className="text-center">
        {loaderData.ok ? (
          <>
            Taking you to{" "}
            <Link to="/" className="text-primary underline">
              Sellkit
            </Link>
            …
          </>
        ) : (
          <>
            This sign-in link is invalid or has expired. Taking you to{" "}
            <Link to="/login" className="text-primary underline">
              login
            </Link>
            …
          </>
        )}
      </p>
    </AuthCard>
  );
}
