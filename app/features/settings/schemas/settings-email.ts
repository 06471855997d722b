import { z } from "zod";
import { emailField } from "~/lib/form-fields";
import { currentPasswordField } from "~/features/accounts/schemas/current-password";

/**
 * Settings → Change email: the new address and, for accounts with a password, the current one. Accounts
 * without a password (OAuth only) leave it empty and need a recent sign-in instead (checked on the server).
 */
export const changeEmailSchema = z.object({
  newEmail: emailField,
  currentPassword: currentPasswordField.optional(),
});

export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
