import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { PasswordInput } from "~/domains/accounts/components/password-input";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useIsPending } from "~/lib/use-is-pending";
import { changeEmailSchema } from "~/pages/settings/schemas/settings-email";

/** New email (+ current password): the change happens once the link mailed to the new address is opened. */
export function ChangeEmailForm({
  email,
  hasPassword,
  lastResult,
}: {
  email: string;
  hasPassword: boolean;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const busy = useIsPending({ intent: "change-email" });
  const [form, fields] = useSchemaForm("change-email", changeEmailSchema, lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-1">
      <input type="hidden" name="intent" value="change-email" />
      <p className="mb-3 text-sm">
        Current email: <strong className="break-all">{email}</strong>
      </p>
      <FormField
        id={fields.newEmail.id}
        label="New email"
        errors={fields.newEmail.errors}
        hint="We'll send a confirmation link to the new address. Your email changes when you open it."
      >
        {(control) => (
          <Input {...getInputProps(fields.newEmail, { type: "email" })} {...control} autoComplete="email" />
        )}
      </FormField>
      {hasPassword ? (
        <FormField id={fields.currentPassword.id} label="Current password" errors={fields.currentPassword.errors}>
          {(control) => (
            <PasswordInput
              {...getInputProps(fields.currentPassword, { type: "password" })}
              {...control}
              autoComplete="current-password"
            />
          )}
        </FormField>
      ) : (
        <p className="mb-3 text-sm text-muted-foreground">
          Your account has no password: this works within 10 minutes of signing in.
        </p>
      )}
      <FormAlert message={form.errors?.[0]} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Sending..." : "Change email"}
        </Button>
      </div>
    </Form>
  );
}
