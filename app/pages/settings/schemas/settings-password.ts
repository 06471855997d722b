import { z } from "zod";
import { passwordsMatch, registrationPasswordField } from "~/lib/form-fields";
import { currentPasswordField } from "~/domains/accounts/schemas/current-password";

/** Settings → Change password: the current password, then a new one with registration's rules, confirmed. */
export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordField,
    password: registrationPasswordField(),
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine(...passwordsMatch("Passwords don't match"));

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
