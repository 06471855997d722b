import { useEffect } from "react";
import { Link, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { AuthCard } from "~/domains/accounts/components/auth-card";
import { BusinessProfileForm } from "~/domains/accounts/components/business-profile-form";
import { CheckEmail } from "~/domains/accounts/components/check-email";
import { RegisterForm } from "~/domains/accounts/components/register-form";
import { MagicLinkForm, SignInForm } from "~/domains/accounts/components/sign-in-form";
import { Divider, SocialButtons } from "~/domains/accounts/components/social-buttons";
import { TAB_REPLACE_SCRIPT } from "~/domains/accounts/tab-replace-script";
import { cn } from "~/lib/cn";
import { useNonce } from "~/lib/nonce";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { useToastThenNavigate } from "~/lib/use-toast-then-navigate";
import { readCurrentUser } from "~/kernel/session/read-current-user.server";
import { captchaConfig } from "~/domains/accounts/server/captcha/captcha-config.server";
import { safeRedirectPath } from "~/kernel/session/safe-redirect.server";
import { hasBusinessProfile } from "~/kernel/store/has-business-profile.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import type { Route } from "./+types/auth";
import { answerAuthForm } from "./auth.server";
import { requestContext } from "~/server/http/request-context.server";
import { readFormData } from "~/server/http/read-form-data.server";

export const REGISTRATION_REDIRECT_MS = 2000;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Sign in or register", description: "Sign in to Sellkit, or create your creator account." });

type Step = "1" | "1.5" | "2";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const url = new URL(request.url);
  const params = url.searchParams;
  const from = params.get("from") ? safeRedirectPath(params.get("from")) : undefined;
  const user = await readCurrentUser(services, requestContext(request));

  // The verification link's return: the session decides where the visitor goes.
  if (params.get("step") === "2" && params.get("verified") === "true") {
    if (!user) return redirectWithToast("/auth?tab=register", { type: "error", title: "Please sign in to continue" });
    if (!user.emailVerified) {
      return redirectWithToast("/auth?tab=register&step=1.5", {
        type: "error",
        title: "Email not yet verified",
        description: "Please check your email and click the verification link",
      });
    }
    return redirectWithToast("/auth?tab=register&step=2", {
      type: "success",
      title: "Email verified!",
      description: "Tell us about your business to finish.",
    });
  }
  if (user?.emailVerified) {
    if (!(await hasBusinessProfile(services.db, user.id)))
      return { tab: "register" as const, step: "2" as Step, from, captcha: captchaConfig(services.env) };
    throw redirect(from ?? "/dashboard");
  }
  const tab = params.get("tab") === "register" ? ("register" as const) : ("signin" as const);
  let step: Step = params.get("step") === "1.5" ? "1.5" : "1";
  if (params.get("step") === "2") {
    if (!user) return redirectWithToast("/auth?tab=register", { type: "error", title: "Please sign in to continue" });
    step = "1.5";
  }
  return { tab, step, from, captcha: captchaConfig(services.env) };
}

/** After step 2 is saved the page stays to show 'Registration completed!' and leaves after 2 s by itself. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "business-profile" ? false : defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerAuthForm(context.services, requestContext(request), await readFormData(request), [
    "sign-in",
    "oauth",
    "magic-link",
    "register",
    "business-profile",
  ]);
}

function Tabs({ tab }: { tab: "signin" | "register" }) {
  const [params] = useSearchParams();
  const nonce = useNonce();
  const link = (target: "signin" | "register") => {
    const next = new URLSearchParams(params);
    next.delete("step");
    next.delete("verified");
    if (target === "register") next.set("tab", "register");
    else next.delete("tab");
    return `?${next.toString()}`;
  };
  const nav = (
    <nav aria-label="Sign in or register" className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
      {(["signin", "register"] as const).map((t) => (
        <Link
          key={t}
          to={link(t)}
          replace
          preventScrollReset
          aria-current={tab === t ? "page" : undefined}
          className={cn(
            "rounded-md px-3 py-1.5 text-center text-sm font-medium",
            tab === t ? "bg-background shadow-sm" : "text-muted-foreground",
          )}
        >
          {t === "signin" ? "Sign In" : "Register"}
        </Link>
      ))}
    </nav>
  );
  return (
    <>
      {nav}
      <script
        nonce={nonce || undefined}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours (no user data), allowed by the page's CSP nonce
        dangerouslySetInnerHTML={{ __html: TAB_REPLACE_SCRIPT }}
      />
    </>
  );
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, step, from } = loaderData;
  const completed = actionData?.intent === "business-profile" && actionData.completed;

  useEffect(() => {
    if (!actionData) return;
    if ("failure" in actionData && actionData.failure) showToast({ type: "error", ...actionData.failure });
    if (actionData.intent === "oauth" && actionData.error) showToast({ type: "error", ...actionData.error });
  }, [actionData]);

  useToastThenNavigate(
    actionData,
    completed
      ? {
          toast: { type: "success", title: "Registration completed!", description: "Redirecting to your dashboard..." },
          to: "/dashboard",
          delayMs: REGISTRATION_REDIRECT_MS,
        }
      : null,
  );

  if (tab === "register" && step === "2") {
    return (
      <AuthCard title="Business Information" description="Step 2 of 2">
        {completed ? (
          <p role="status" className="text-center">
            Registration completed! Redirecting to your{" "}
            <Link to="/dashboard" className="text-primary underline">
              dashboard
            </Link>
            …
          </p>
        ) : (
          <BusinessProfileForm
            lastResult={actionData?.intent === "business-profile" ? (actionData.result ?? undefined) : undefined}
          />
        )}
      </AuthCard>
    );
  }
  if (tab === "register") {
    return (
      <AuthCard
        title={step === "1.5" ? "Check Your Email" : "Personal Information"}
        description={step === "1.5" ? undefined : "Step 1 of 2"}
      >
        <Tabs tab={tab} />
        {step === "1.5" ? (
          <CheckEmail />
        ) : (
          <>
            <SocialButtons from={from} />
            <Divider />
            <RegisterForm
              lastResult={actionData?.intent === "register" ? actionData.result : undefined}
              attempt={actionData?.intent === "register" && actionData.failure ? actionData : undefined}
              captchaConfig={loaderData.captcha}
            />
          </>
        )}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Welcome back" description="Sign in to your Sellkit account">
      <Tabs tab={tab} />
      <SocialButtons from={from} />
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
        redirectTo={from}
      />
      <MagicLinkForm result={actionData?.intent === "magic-link" ? actionData : undefined} />
    </AuthCard>
  );
}
