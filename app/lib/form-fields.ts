import { z } from "zod";
import { isCalendarDate, isLocalDateTime } from "./text-formats";

// zod's JIT uses `new Function`, which the CSP forbids; every schema imports this module.
z.config({ jitless: true });

/** Field rules shared by every form; messages are the spec's, verbatim. */
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 128;
export const SIGN_IN_PASSWORD_MIN = 6;
export const REGISTRATION_PASSWORD_MIN = 8;
export const RESET_PASSWORD_MIN = 6;
export const NAME_MIN = 2;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;

export const emailField = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .max(MAX_EMAIL_LENGTH, INVALID_EMAIL_MESSAGE)
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }))
  .transform((email) => email.toLowerCase());

/** A required text field: trimmed, not empty, bounded in length. */
export function requiredText(requiredMessage: string, maxLength: number, tooLongMessage: string) {
  return z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(maxLength, tooLongMessage);
}

/** A password of `min` to 128 characters, not trimmed: spaces are characters. */
export function passwordField(min: number, message = `Password must be at least ${min} characters`) {
  return z.string({ error: message }).min(min, message).max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE);
}

/** The registration rule: upper, lower, digit and one of @$!%*?&. */
export const STRONG_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).+$/;
export const STRONG_PASSWORD_MESSAGE = "Password must contain uppercase, lowercase, number and special character";

export function registrationPasswordField() {
  return passwordField(REGISTRATION_PASSWORD_MIN).regex(STRONG_PASSWORD_PATTERN, STRONG_PASSWORD_MESSAGE);
}

/** A required existing day, "YYYY-MM-DD", in the years 1–9999, and `allowed` if given. */
export const calendarDateField = (message: string, allowed: (day: string) => boolean = () => true) =>
  z
    .string({ error: message })
    .trim()
    .refine((day) => isCalendarDate(day) && allowed(day), message);

/** A required `datetime-local` time ("2026-12-01T10:00") on a day that exists, years 1–9999. */
export const localDateTimeField = (message: string) =>
  z.string({ error: message }).trim().refine(isLocalDateTime, message);

/** A `datetime-local` time as `localDateTimeField`, or empty (""). */
export const optionalLocalDateTimeField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .optional()
    .default("")
    .refine((value) => !value || isLocalDateTime(value), message);

/** A checkbox: "on" (or "true") when ticked, absent otherwise. */
export const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/** A checkbox group: absent, one value, or several, each from the list. */
export const several = <T extends [string, ...string[]]>(values: T, invalidMessage?: string) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(
        z.enum(values, invalidMessage ? { error: invalidMessage } : undefined),
        invalidMessage ? { error: invalidMessage } : undefined,
      )
      .max(values.length, invalidMessage),
  );

/** The form field carrying the captcha answer. */
export const CAPTCHA_FIELD = "captcha";

/** "Confirm password" must equal "password", checked once both are typed. */
export function passwordsMatch(
  message: string,
): [
  (data: { password: string; confirmPassword: string }) => boolean,
  { path: string[]; message: string; when: (payload: { value: unknown }) => boolean },
] {
  return [
    (data: { password: string; confirmPassword: string }) => data.password === data.confirmPassword,
    {
      path: ["confirmPassword"],
      message,
      when: (payload: { value: unknown }) => {
        const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
        return typeof value?.password === "string" && typeof value?.confirmPassword === "string";
      },
    },
  ];
}
