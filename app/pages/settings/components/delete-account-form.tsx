import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { PasswordInput } from "~/domains/accounts/components/password-input";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useIsPending } from "~/lib/use-is-pending";
import { DELETE_CONFIRMATION_WORD, deleteAccountSchema } from "~/pages/settings/schemas/settings-delete-account";

/** Deleting the account: type DELETE, then the current password (or, without one, the account's email). */
export function DeleteAccountForm({
  hasPassword,
  lastResult,
}: {
  hasPassword: boolean;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const busy = useIsPending({ intent: "delete-account" });
  const [form, fields] = useSchemaForm("delete-account", deleteAccountSchema, lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-1">
      <input type="hidden" name="intent" value="delete-account" />
      <p className="mb-3 text-sm">
        This permanently deletes your account, your profiles, sales methods, products, orders and security history, and
        signs you out everywhere. It cannot be undone.
      </p>
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
        <FormField
          id={fields.confirmEmail.id}
          label="Your account's email"
          errors={fields.confirmEmail.errors}
          hint="Your account has no password: type its email. This works within 10 minutes of signing in."
        >
          {(control) => (
            <Input {...getInputProps(fields.confirmEmail, { type: "email" })} {...control} autoComplete="off" />
          )}
        </FormField>
      )}
      <FormField
        id={fields.confirmation.id}
        label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
        errors={fields.confirmation.errors}
      >
        {(control) => (
          <Input
            {...getInputProps(fields.confirmation, { type: "text" })}
            {...control}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormAlert message={form.errors?.[0]} />
      <div>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? "Deleting..." : "Delete my account"}
        </Button>
      </div>
    </Form>
  );
}
