import { z } from "zod";
import { passwordField, RESET_PASSWORD_MIN, passwordsMatch } from "~/lib/form-fields";

/** Reset password: at least 6 characters, both fields equal. */
export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(512),
    password: passwordField(RESET_PASSWORD_MIN),
    confirmPassword: z.string({ error: "Passwords do not match" }),
  })
  .refine(...passwordsMatch("Passwords do not match"));
