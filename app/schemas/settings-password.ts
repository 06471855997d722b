import { z } from "zod";
import { passwordsMatch, registrationPasswordField } from "./fields";
import { currentPasswordField } from "./settings-current-password";

/** Settings → Change password: the current password, then a new one with registration's rules, confirmed. */
export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordField,
    password: registrationPasswordField(),
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine(...passwordsMatch("Passwords don't match"));

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
