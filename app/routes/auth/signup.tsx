import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Phone } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link } from "react-router";
import { AuthCard } from "~/domains/accounts/components/auth-card";
import { CaptchaField, type CaptchaState } from "~/domains/accounts/components/captcha-field";
import { NewPasswordFields } from "~/domains/accounts/components/new-password-fields";
import { Divider, SocialButtons } from "~/domains/accounts/components/social-buttons";
import { useSchemaForm } from "~/lib/use-schema-form";
import { Button } from "~/components/ui/button";
import { CountryCodeSelect } from "~/components/ui/country-code-select";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { findPlan } from "~/lib/plans";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { useToastThenNavigate } from "~/lib/use-toast-then-navigate";
import { signupSchema } from "~/domains/accounts/schemas/signup";
import { accountFailureFieldErrors, createAccount } from "~/domains/accounts/server/create-account.server";
import { captchaConfig } from "~/domains/accounts/server/captcha/captcha-config.server";
import { isProviderConfigured } from "~/domains/accounts/server/start-oauth.server";
import { readFormData } from "~/server/http/read-form-data.server";
import type { Route } from "./+types/signup";
import { oauthIntent } from "./auth.server";
import { statusOf } from "~/lib/errors";
import { useIsPending } from "~/lib/use-is-pending";
import { requestContext } from "~/server/http/request-context.server";

export const SIGNUP_TO_LOGIN_MS = 2000;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Create your account", description: "Start selling on Sellkit: create your free account." });

export function loader({ request, context }: Route.LoaderArgs) {
  const plan = findPlan(new URL(request.url).searchParams.get("plan") ?? undefined);
  return {
    plan: plan?.id,
    planName: plan?.name,
    appleConfigured: isProviderConfigured(context.services.env, "apple"),
    captcha: captchaConfig(context.services.env),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  if (formData.get("intent") === "oauth") return oauthIntent(context.services, requestContext(request), formData);
  const submission = parseWithZod(formData, { schema: signupSchema });
  if (submission.status !== "success") {
    return data(
      {
        intent: "signup" as const,
        result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
        created: false,
        failure: null,
      },
      { status: 400 },
    );
  }
  const { email, password, plan, captcha } = submission.value;
  const result = await createAccount(context.services, requestContext(request), {
    email,
    password,
    requestedPlan: plan,
    captcha,
    callbackURL: "/choose-plan",
  });
  if (!result.ok) {
    const fieldErrors = accountFailureFieldErrors(result);
    return data(
      {
        intent: "signup" as const,
        result: submission.reply({ fieldErrors, hideFields: ["password", "confirmPassword"] }),
        created: false,
        failure: { title: "Registration failed", description: result.message },
      },
      { status: statusOf(result.code) },
    );
  }
  return { intent: "signup" as const, result: submission.reply({ resetForm: true }), created: true, failure: null };
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending({ intent: "signup" });
  const [captcha, setCaptcha] = useState<CaptchaState>("unverified");
  const signupResult = actionData?.intent === "signup" ? actionData : undefined;
  const [form, fields] = useSchemaForm("signup", signupSchema, signupResult?.result);
  const created = signupResult?.created ?? false;

  useEffect(() => {
    if (!actionData) return;
    if (actionData.intent === "oauth" && actionData.error) showToast({ type: "error", ...actionData.error });
    if (actionData.intent === "signup" && actionData.failure) showToast({ type: "error", ...actionData.failure });
  }, [actionData]);
  useToastThenNavigate(
    actionData,
    created
      ? {
          toast: {
            type: "success",
            title: "Account created successfully!",
            description: "Please check your email to verify your account",
          },
          to: "/login",
          delayMs: SIGNUP_TO_LOGIN_MS,
        }
      : null,
  );

  return (
    <AuthCard
      title="Create your account"
      description={
        loaderData.planName
          ? `You chose the ${loaderData.planName} plan. You can change it after signing up.`
          : "Start selling in minutes."
      }
    >
      {created ? (
        <p role="status" className="text-center">
          Account created! Check your email to verify your account, then{" "}
          <Link to="/login" className="text-primary underline">
            log in
          </Link>
          .
        </p>
      ) : (
        <>
          <SocialButtons providers={["google"]} />
          <Button
            type="button"
            variant="outline"
            className="mt-2 w-full"
            onClick={() => showToast({ type: "info", title: "Apple sign-in coming soon" })}
            hidden={loaderData.appleConfigured}
          >
            Continue with Apple
          </Button>
          {loaderData.appleConfigured ? <SocialButtons providers={["apple"]} /> : null}
          <fieldset disabled aria-describedby="phone-unavailable" className="mt-2 grid gap-2">
            <legend className="sr-only">Sign up with phone</legend>
            <div className="flex gap-2">
              <CountryCodeSelect name="phoneCountry" disabled />
              <Input
                type="tel"
                name="phoneNumber"
                aria-label="Phone number"
                autoComplete="tel-national"
                placeholder="555 123 4567"
                className="min-w-0 flex-1"
              />
            </div>
            <Button type="button" variant="outline" className="w-full">
              <Phone aria-hidden="true" /> Sign up with phone
            </Button>
          </fieldset>
          <p id="phone-unavailable" className="mt-1 text-center text-xs text-muted-foreground">
            Phone registration temporarily unavailable
          </p>
          <Divider />
          <Form method="post" {...getFormProps(form)} className="grid gap-1">
            <input type="hidden" name="intent" value="signup" />
            {loaderData.plan ? <input type="hidden" name="plan" value={loaderData.plan} /> : null}
            <FormField id={fields.email.id} label="Email" errors={fields.email.errors}>
              {(control) => (
                <Input {...getInputProps(fields.email, { type: "email" })} {...control} autoComplete="email" />
              )}
            </FormField>
            <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} purpose="create" />
            <CaptchaField
              config={loaderData.captcha}
              onStateChange={setCaptcha}
              resetKey={signupResult?.failure ? signupResult : undefined}
            />
            <p aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
              {fields.captcha.errors?.[0]}
            </p>
            <Button type="submit" className="w-full" disabled={busy || captcha !== "verified"}>
              {busy ? "Creating account..." : captcha === "verified" ? "Create Account" : "Complete Captcha First"}
            </Button>
          </Form>
          <p className="mt-4 text-center text-sm">
            Already have an account?{" "}
            <Link to="/login" className="text-primary underline">
              Log in
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
