import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { AuthCard } from "~/domains/accounts/components/auth-card";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { pageMeta } from "~/lib/meta";
import { useSchemaForm } from "~/lib/use-schema-form";
import { digitsOnly, twoFactorChallengeSchema } from "~/domains/security/schemas/two-factor";
import { readSessionUser } from "~/kernel/session/read-session-user.server";
import { safeRedirectPath } from "~/kernel/session/safe-redirect.server";
import { readFormData } from "~/server/http/read-form-data.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import { verifySecondFactor } from "~/domains/security/server/two-factor/verify-second-factor.server";
import type { Route } from "./+types/auth.two-factor";
import { statusOf } from "~/lib/errors";
import { useIsPending } from "~/lib/use-is-pending";
import { requestContext } from "~/server/http/request-context.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Two-factor authentication", description: "Confirm your sign-in." }),
  { name: "robots", content: "noindex" },
];

/** Only a session that still owes its second factor sees this page (every sign-in path leads here). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const from = safeRedirectPath(params.get("from"));
  const user = await readSessionUser(context.services, requestContext(request));
  if (!user) throw redirect(`/auth?from=${encodeURIComponent(from)}`);
  if (user.secondFactor !== "pending") throw redirect(from);
  return { from, method: params.get("method") === "backup" ? ("backup" as const) : ("totp" as const) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const from = safeRedirectPath(new URL(request.url).searchParams.get("from"));
  const user = await readSessionUser(context.services, requestContext(request));
  if (!user) throw redirect(`/auth?from=${encodeURIComponent(from)}`);
  if (user.secondFactor !== "pending") throw redirect(from);
  const submission = parseWithZod(await readFormData(request), { schema: twoFactorChallengeSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  const result = await verifySecondFactor(context.services, requestContext(request), user, submission.value.code);
  if (!result.ok) {
    return data(
      { result: submission.reply({ hideFields: ["code"] }), error: result.message },
      { status: statusOf(result.code) },
    );
  }
  return redirectWithToast(from, { type: "success", title: "Welcome back!" });
}

export default function TwoFactorChallenge({ loaderData, actionData }: Route.ComponentProps) {
  const { from, method } = loaderData;
  const busy = useIsPending();
  const [form, fields] = useSchemaForm(`two-factor-${method}`, twoFactorChallengeSchema, actionData?.result);
  const backup = method === "backup";
  const query = (next: "totp" | "backup") =>
    `?${new URLSearchParams({ from, ...(next === "backup" ? { method: "backup" } : {}) })}`;
  return (
    <AuthCard
      title="Two-factor authentication"
      description={
        backup
          ? "Enter one of the backup codes you saved when you turned on two-factor authentication."
          : "Enter the 6-digit code from your authenticator app."
      }
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormAlert message={actionData?.error ?? form.errors?.[0]} />
        <input type="hidden" name="method" value={method} />
        <FormField
          id={fields.code.id}
          label={backup ? "Backup code" : "Authentication code"}
          errors={fields.code.errors}
        >
          {(control) =>
            backup ? (
              <Input
                {...getInputProps(fields.code, { type: "text" })}
                {...control}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
            ) : (
              <Input
                {...getInputProps(fields.code, { type: "text" })}
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                onInput={(event) => {
                  event.currentTarget.value = digitsOnly(event.currentTarget.value);
                }}
              />
            )
          }
        </FormField>
        <Button type="submit" disabled={busy}>
          {busy ? "Verifying..." : "Verify"}
        </Button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to={query(backup ? "totp" : "backup")} replace className="text-primary underline underline-offset-4">
          {backup ? "Use your authenticator app instead" : "Use a backup code instead"}
        </Link>
      </p>
      <Form method="post" action="/logout" className="mt-2 text-center">
        <Button type="submit" variant="link" size="sm">
          Cancel and sign out
        </Button>
      </Form>
    </AuthCard>
  );
}
