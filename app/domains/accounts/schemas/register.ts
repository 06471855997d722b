import { z } from "zod";
import {
  CAPTCHA_FIELD,
  calendarDateField,
  emailField,
  NAME_MIN,
  registrationPasswordField,
  requiredText,
  passwordsMatch,
} from "~/lib/form-fields";

export const CAPTCHA_REQUIRED_MESSAGE = "Please complete the captcha verification";
export const DATE_OF_BIRTH_MESSAGE = "Date of birth is required";

const name = (label: string) =>
  requiredText(`${label} must be at least ${NAME_MIN} characters`, 100, `${label} must be at most 100 characters`).min(
    NAME_MIN,
    `${label} must be at least ${NAME_MIN} characters`,
  );

/** Register step 1; the captcha payload is checked on the server. */
export const registerSchema = z
  .object({
    firstName: name("First name"),
    lastName: name("Last name"),
    email: emailField,
    dateOfBirth: calendarDateField(
      DATE_OF_BIRTH_MESSAGE,
      (day) => day >= "1900-01-01" && Date.parse(`${day}T00:00:00Z`) < Date.now(),
    ),
    password: registrationPasswordField(),
    confirmPassword: z.string({ error: "Passwords don't match" }),
    [CAPTCHA_FIELD]: z
      .string({ error: CAPTCHA_REQUIRED_MESSAGE })
      .min(1, CAPTCHA_REQUIRED_MESSAGE)
      .max(10_000, CAPTCHA_REQUIRED_MESSAGE),
  })
  .refine(...passwordsMatch("Passwords don't match"));
