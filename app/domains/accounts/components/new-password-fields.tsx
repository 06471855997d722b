import { getInputProps } from "@conform-to/react";
import { FormField } from "~/components/ui/form-field";
import type { AnyField } from "~/lib/any-field";
import { PasswordInput } from "./password-input";

const LABELS = {
  create: { password: "Password", confirm: "Confirm password" },
  replace: { password: "New password", confirm: "Confirm new password" },
} as const;

const RULES_HINT = "At least 8 characters with uppercase, lowercase, a number and one of @$!%*?&";

/** A new password and its confirmation: `create` labels them for sign-up, `replace` for a change or reset. */
export function NewPasswordFields({
  password,
  confirmPassword,
  purpose,
  showRules = false,
}: {
  password: AnyField;
  confirmPassword: AnyField;
  purpose: keyof typeof LABELS;
  showRules?: boolean;
}) {
  const labels = LABELS[purpose];
  return (
    <>
      <FormField
        id={password.id}
        label={labels.password}
        errors={password.errors}
        hint={showRules ? RULES_HINT : undefined}
      >
        {(control) => (
          <PasswordInput {...getInputProps(password, { type: "password" })} {...control} autoComplete="new-password" />
        )}
      </FormField>
      <FormField id={confirmPassword.id} label={labels.confirm} errors={confirmPassword.errors}>
        {(control) => (
          <PasswordInput
            {...getInputProps(confirmPassword, { type: "password" })}
            {...control}
            autoComplete="new-password"
          />
        )}
      </FormField>
    </>
  );
}
