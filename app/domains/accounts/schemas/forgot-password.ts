import { z } from "zod";
import { CAPTCHA_FIELD, INVALID_EMAIL_MESSAGE, MAX_EMAIL_LENGTH } from "~/lib/form-fields";

export const EMAIL_REQUIRED_MESSAGE = "Please enter your email address";
/** An email address: text, @, text, dot, text. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: EMAIL_REQUIRED_MESSAGE })
    .trim()
    .min(1, EMAIL_REQUIRED_MESSAGE)
    .max(MAX_EMAIL_LENGTH, INVALID_EMAIL_MESSAGE)
    .regex(SIMPLE_EMAIL, INVALID_EMAIL_MESSAGE)
    .transform((email) => email.toLowerCase()),
  [CAPTCHA_FIELD]: z
    .string({ error: "Please complete the captcha verification" })
    .min(1, "Please complete the captcha verification")
    .max(10_000),
});
