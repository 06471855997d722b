import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link } from "react-router";
import { AuthCard } from "~/domains/accounts/components/auth-card";
import { CaptchaField, type CaptchaState } from "~/domains/accounts/components/captcha-field";
import { useSchemaForm } from "~/lib/use-schema-form";
import { Button, buttonClass } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { forgotPasswordSchema } from "~/domains/accounts/schemas/forgot-password";
import { requestPasswordReset } from "~/domains/accounts/server/request-password-reset.server";
import { captchaConfig } from "~/domains/accounts/server/captcha/captcha-config.server";
import { readFormData } from "~/server/http/read-form-data.server";
import type { Route } from "./+types/forgot-password";
import { ERRORS, type ErrorCode, statusOf } from "~/lib/errors";
import { useIsPending } from "~/lib/use-is-pending";
import { requestContext } from "~/server/http/request-context.server";

/** at most 3 attempts per form; the server limits requests too. */
export const MAX_RESET_ATTEMPTS = 3;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Forgot password", description: "Reset your Sellkit password by email." });

export function loader({ context }: Route.LoaderArgs) {
  return { captcha: captchaConfig(context.services.env) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: false, error: null }, { status: 400 });
  const result = await requestPasswordReset(context.services, requestContext(request), {
    email: submission.value.email,
    captcha: submission.value.captcha,
  });
  if (!result.ok)
    return data({ result: submission.reply(), sent: false, error: result.code }, { status: statusOf(result.code) });
  return { result: submission.reply(), sent: true, error: null };
}

/** the rate limit gets its own message; any other failure the generic one. Decided by code. */
function failureMessage(code: ErrorCode) {
  return code === "PASSWORD_RESET_RATE_LIMITED"
    ? ERRORS.PASSWORD_RESET_RATE_LIMITED.message
    : ERRORS.PASSWORD_RESET_FAILED.message;
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const [captcha, setCaptcha] = useState<CaptchaState>("unverified");
  const [attempts, setAttempts] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [form, fields] = useSchemaForm(`forgot-${formKey}`, forgotPasswordSchema, actionData?.result);

  useEffect(() => {
    if (!actionData) return;
    if (actionData.sent) {
      setSentTo(String(actionData.result.initialValue?.email ?? ""));
      showToast({ type: "success", title: "Password reset email sent!" });
    } else if (actionData.error) {
      setAttempts((n) => n + 1);
      showToast({ type: "error", title: failureMessage(actionData.error) });
    }
  }, [actionData]);

  const exhausted = attempts >= MAX_RESET_ATTEMPTS;
  if (sentTo !== null) {
    return (
      <AuthCard title="Check your email">
        <div className="text-center">
          <MailCheck aria-hidden="true" className="mx-auto size-12 text-primary" />
          <p className="mt-4 text-sm">
            If an account exists for <strong>{sentTo}</strong>, we sent a link to reset your password. It is valid for 1
            hour.
          </p>
          <div className="mt-6 flex flex-col gap-2">
            <Link to="/login" className={buttonClass()}>
              Back to login
            </Link>
            <Button
              variant="ghost"
              onClick={() => {
                setSentTo(null);
                setAttempts(0);
                setFormKey((k) => k + 1);
              }}
            >
              Try different email
            </Button>
          </div>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Forgot password" description="Enter your email and we'll send you a link to reset your password.">
      <Form method="post" {...getFormProps(form)} className="grid gap-1" key={formKey}>
        <FormField id={fields.email.id} label="Email" errors={fields.email.errors}>
          {(control) => <Input {...getInputProps(fields.email, { type: "email" })} {...control} autoComplete="email" />}
        </FormField>
        <CaptchaField
          config={loaderData.captcha}
          onStateChange={setCaptcha}
          resetKey={actionData?.error ? actionData : undefined}
        />
        <p aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
          {fields.captcha.errors?.[0]}
        </p>
        {exhausted ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            Too many attempts. Please try again later.
          </p>
        ) : attempts > 0 ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {MAX_RESET_ATTEMPTS - attempts} attempts remaining
          </p>
        ) : null}
        <Button type="submit" className="mt-2 w-full" disabled={busy || exhausted || captcha !== "verified"}>
          {busy ? "Sending..." : captcha === "verified" ? "Send Reset Link" : "Complete Captcha First"}
        </Button>
      </Form>
      <p className="mt-4 text-center text-sm">
        Remembered it?{" "}
        <Link to="/login" className="text-primary underline">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
