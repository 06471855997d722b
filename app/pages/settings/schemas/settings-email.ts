import { z } from "zod";
import { emailField } from "~/lib/form-fields";
import { currentPasswordField } from "~/domains/accounts/schemas/current-password";

/**
 * Settings → Change email: the new address and the current password; accounts without one need a recent sign-in
 * instead.
 */
export const changeEmailSchema = z.object({
  newEmail: emailField,
  currentPassword: currentPasswordField.optional(),
});

export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
