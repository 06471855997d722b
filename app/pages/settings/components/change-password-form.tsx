import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { NewPasswordFields } from "~/domains/accounts/components/new-password-fields";
import { PasswordInput } from "~/domains/accounts/components/password-input";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useIsPending } from "~/lib/use-is-pending";
import { changePasswordSchema } from "~/pages/settings/schemas/settings-password";

/** Current password, new password (registration rules) and confirmation; other sessions are signed out. */
export function ChangePasswordForm({
  hasPassword,
  lastResult,
}: {
  hasPassword: boolean;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const busy = useIsPending({ intent: "change-password" });
  const [form, fields] = useSchemaForm("change-password", changePasswordSchema, lastResult);
  if (!hasPassword) {
    return (
      <p className="text-sm">
        Your account signs in without a password. To set one, sign out and use{" "}
        <Link to="/forgot-password" className="text-primary underline">
          Forgot password?
        </Link>
      </p>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-1">
      <input type="hidden" name="intent" value="change-password" />
      <FormField id={fields.currentPassword.id} label="Current password" errors={fields.currentPassword.errors}>
        {(control) => (
          <PasswordInput
            {...getInputProps(fields.currentPassword, { type: "password" })}
            {...control}
            autoComplete="current-password"
          />
        )}
      </FormField>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          purpose="replace"
          showRules
        />
      </div>
      <FormAlert message={form.errors?.[0]} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Changing..." : "Change password"}
        </Button>
      </div>
    </Form>
  );
}
