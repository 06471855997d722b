import { z } from "zod";
import { CAPTCHA_FIELD, emailField, passwordField, REGISTRATION_PASSWORD_MIN, passwordsMatch } from "~/lib/form-fields";
import { PLAN_IDS } from "~/lib/plans";

export const SIGNUP_CAPTCHA_MESSAGE = "Please complete the CAPTCHA verification";

/** Sign-up by email: both passwords required, equal and at least 8 long; captcha completed. */
export const signupSchema = z
  .object({
    email: emailField,
    password: passwordField(REGISTRATION_PASSWORD_MIN),
    confirmPassword: z.string({ error: "Passwords don't match" }),
    plan: z.enum(PLAN_IDS).optional().catch(undefined),
    [CAPTCHA_FIELD]: z
      .string({ error: SIGNUP_CAPTCHA_MESSAGE })
      .min(1, SIGNUP_CAPTCHA_MESSAGE)
      .max(10_000, SIGNUP_CAPTCHA_MESSAGE),
  })
  .refine(...passwordsMatch("Passwords don't match"));
