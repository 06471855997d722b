import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { useSchemaForm } from "~/lib/use-schema-form";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { showToast } from "~/lib/toast";
import type { CaptchaConfig } from "~/domains/accounts/captcha-config";
import { signInSchema } from "~/domains/accounts/schemas/sign-in";
import { CaptchaField, type CaptchaState } from "./captcha-field";
import { PasswordInput } from "./password-input";
import { useIsPending } from "~/lib/use-is-pending";

/** Email and password sign-in for /auth and /login, with a captcha when the server asks for one. */
export function SignInForm({
  lastResult,
  redirectTo,
  verificationSent,
  captchaConfig,
  captchaRequired,
}: {
  lastResult?: SubmissionResult<string[]>;
  redirectTo?: string;
  /** The account is not verified yet and the server mailed its link again. */
  verificationSent?: boolean;
  captchaConfig: CaptchaConfig;
  /** The account had too many failures from elsewhere: this attempt needs a solved captcha. */
  captchaRequired?: boolean;
}) {
  const busy = useIsPending({ intent: "sign-in" });
  const [captcha, setCaptcha] = useState<CaptchaState>("unverified");
  const [form, fields] = useSchemaForm("sign-in", signInSchema, lastResult);
  const failure = form.errors?.[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: lastResult re-runs it for every answer, so the same failure twice toasts twice
  useEffect(() => {
    if (failure) showToast({ type: "error", title: "Login failed", description: failure });
    if (failure && verificationSent)
      showToast({
        type: "success",
        title: "Verification email sent!",
        description: "Please check your email to verify your account.",
      });
  }, [lastResult, failure, verificationSent]);

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-1">
      <input type="hidden" name="intent" value="sign-in" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormField id={fields.email.id} label="Email" errors={fields.email.errors}>
        {(control) => <Input {...getInputProps(fields.email, { type: "email" })} {...control} autoComplete="email" />}
      </FormField>
      <FormField id={fields.password.id} label="Password" errors={fields.password.errors}>
        {(control) => (
          <PasswordInput
            {...getInputProps(fields.password, { type: "password" })}
            {...control}
            autoComplete="current-password"
          />
        )}
      </FormField>
      {captchaRequired ? (
        <CaptchaField config={captchaConfig} onStateChange={setCaptcha} resetKey={lastResult} />
      ) : null}
      <FormAlert message={failure} />
      <div className="mb-3 text-right text-sm">
        <Link to="/forgot-password" className="text-primary underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={busy || (captchaRequired && captcha !== "verified")}>
        {busy ? "Signing in..." : "Sign In"}
      </Button>
    </Form>
  );
}

/** "Email me a sign-in link": a one-time link instead of the password. */
export function MagicLinkForm({ result }: { result?: { sent: boolean; error?: string } }) {
  const busy = useIsPending({ intent: "magic-link" });
  return (
    <details className="group mt-4 rounded-md border p-3 text-sm" open={Boolean(result)}>
      <summary className="font-medium text-primary">Email me a sign-in link instead</summary>
      {result?.sent ? (
        <p role="status" className="mt-3">
          If an account exists for that email, a sign-in link is on its way. It is valid for 5 minutes.
        </p>
      ) : (
        <Form method="post" className="mt-3 grid gap-2">
          <input type="hidden" name="intent" value="magic-link" />
          <label htmlFor="magic-email" className="font-medium">
            Email for the sign-in link
          </label>
          <Input
            id="magic-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={Boolean(result?.error)}
            aria-describedby="magic-error"
          />
          <p id="magic-error" aria-live="polite" className="text-destructive">
            {result?.error}
          </p>
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? "Sending..." : "Send sign-in link"}
          </Button>
        </Form>
      )}
    </details>
  );
}
