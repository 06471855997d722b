import { z } from "zod";
import { CAPTCHA_FIELD, emailField, passwordField, SIGN_IN_PASSWORD_MIN } from "~/lib/form-fields";

/** Sign in: a valid email, a password of at least 6, and the captcha only when the server asked for one. */
export const signInSchema = z.object({
  email: emailField,
  password: passwordField(SIGN_IN_PASSWORD_MIN),
  redirectTo: z.string().max(2048).optional(),
  [CAPTCHA_FIELD]: z.string().max(10_000).optional(),
});
