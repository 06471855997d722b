import { useEffect } from "react";
import { Link, redirect } from "react-router";
import { AuthCard } from "~/domains/accounts/components/auth-card";
import { MagicLinkForm, SignInForm } from "~/domains/accounts/components/sign-in-form";
import { Divider, SocialButtons } from "~/domains/accounts/components/social-buttons";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { readCurrentUser } from "~/kernel/session/read-current-user.server";
import { safeRedirectPath } from "~/kernel/session/safe-redirect.server";
import { captchaConfig } from "~/domains/accounts/server/captcha/captcha-config.server";
import type { Route } from "./+types/login";
import { answerAuthForm } from "./auth.server";
import { requestContext } from "~/server/http/request-context.server";
import { readFormData } from "~/server/http/read-form-data.server";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Log in", description: "Log in to your Sellkit account." });

export async function loader({ request, context }: Route.LoaderArgs) {
  const from = new URL(request.url).searchParams.get("from");
  const user = await readCurrentUser(context.services, requestContext(request));
  if (user?.emailVerified) throw redirect(safeRedirectPath(from));
  return { from: from ? safeRedirectPath(from) : undefined, captcha: captchaConfig(context.services.env) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerAuthForm(context.services, requestContext(request), await readFormData(request), [
    "sign-in",
    "oauth",
    "magic-link",
  ]);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData?.intent === "oauth" && actionData.error) showToast({ type: "error", ...actionData.error });
  }, [actionData]);
  return (
    <AuthCard
      title="Log in"
      description={
        <>
          New to Sellkit?{" "}
          <Link to="/signup" className="text-primary underline">
            Create an account
          </Link>
        </>
      }
    >
      <SocialButtons from={loaderData.from} />
      <Divider />
      <SignInForm
        lastResult={actionData?.intent === "sign-in" ? actionData.result : undefined}
        verificationSent={
          actionData?.intent === "sign-in" && "verificationSent" in actionData && actionData.verificationSent === true
        }
        captchaRequired={
          actionData?.intent === "sign-in" && "captchaRequired" in actionData && actionData.captchaRequired === true
        }
        captchaConfig={loaderData.captcha}
        redirectTo={loaderData.from}
      />
      <MagicLinkForm result={actionData?.intent === "magic-link" ? actionData : undefined} />
    </AuthCard>
  );
}
