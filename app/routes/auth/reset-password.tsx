import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { AuthCard } from "~/domains/accounts/components/auth-card";
import { NewPasswordFields } from "~/domains/accounts/components/new-password-fields";
import { useSchemaForm } from "~/lib/use-schema-form";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { useToastThenNavigate } from "~/lib/use-toast-then-navigate";
import { useIsPending } from "~/lib/use-is-pending";
import { resetPasswordSchema } from "~/domains/accounts/schemas/reset-password";
import { checkResetToken } from "~/domains/accounts/server/check-reset-token.server";
import { resetPassword } from "~/domains/accounts/server/reset-password.server";
import { readFormData } from "~/server/http/read-form-data.server";
import type { Route } from "./+types/reset-password";
import { requestContext } from "~/server/http/request-context.server";

export const INVALID_LINK_REDIRECT_MS = 3000;
export const RESET_SUCCESS_REDIRECT_MS = 2000;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Reset password", description: "Choose a new Sellkit password." });

/** The emailed link lands here as ?token=… (or ?error=INVALID_TOKEN); the token is checked before the form shows. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token") ?? params.get("token_hash") ?? params.get("access_token");
  if (!token) return { valid: false as const, message: "Invalid reset link", token: null };
  if (params.get("error") || !(await checkResetToken(context.services.db, token))) {
    return { valid: false as const, message: "Invalid or expired reset link", token: null };
  }
  return { valid: true as const, message: "Reset link verified", token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: resetPasswordSchema });
  if (submission.status !== "success")
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), updated: false },
      { status: 400 },
    );
  const result = await resetPassword(context.services, requestContext(request), submission.value);
  if (!result.ok) {
    return data(
      {
        result: submission.reply({ formErrors: [result.message], hideFields: ["password", "confirmPassword"] }),
        updated: false,
      },
      { status: 400 },
    );
  }
  return { result: submission.reply({ resetForm: true }), updated: true };
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const [form, fields] = useSchemaForm("reset-password", resetPasswordSchema, actionData?.result);
  const updated = actionData?.updated ?? false;
  const failure = form.errors?.[0];

  useEffect(() => {
    if (loaderData.valid) showToast({ type: "success", title: loaderData.message });
  }, [loaderData]);
  useToastThenNavigate(
    loaderData,
    loaderData.valid
      ? null
      : { toast: { type: "error", title: loaderData.message }, to: "/login", delayMs: INVALID_LINK_REDIRECT_MS },
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: actionData re-runs it for every answer, so the same failure twice toasts twice
  useEffect(() => {
    if (failure) showToast({ type: "error", title: "Failed to update password", description: failure });
  }, [failure, actionData]);
  useToastThenNavigate(
    actionData,
    updated
      ? {
          toast: { type: "success", title: "Password updated successfully!" },
          to: "/login",
          delayMs: RESET_SUCCESS_REDIRECT_MS,
        }
      : null,
  );

  if (!loaderData.valid) {
    return (
      <AuthCard title="Reset password">
        <p role="alert" className="text-center text-destructive">
          {loaderData.message}. Taking you back to{" "}
          <Link to="/login" className="underline">
            login
          </Link>
          …
        </p>
      </AuthCard>
    );
  }
  if (updated) {
    return (
      <AuthCard title="Reset password">
        <p role="status" className="text-center">
          Password updated successfully! All your sessions were signed out. Taking you to{" "}
          <Link to="/login" className="text-primary underline">
            login
          </Link>
          …
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <Form method="post" {...getFormProps(form)} className="grid gap-1">
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} purpose="replace" />
        <FormAlert message={failure} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Updating..." : "Update Password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
