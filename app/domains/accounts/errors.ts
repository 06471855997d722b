import { type ErrorSpec, TRY_AGAIN_LATER, TOO_MANY_ATTEMPTS } from "~/lib/errors/common";

/** The accounts feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const ACCOUNTS_ERRORS = {
  INVALID_CREDENTIALS: { status: 400, field: "form", message: "Invalid email or password" },
  EMAIL_NOT_VERIFIED: {
    status: 400,
    field: "form",
    message: "Email not yet verified: Please check your email and click the verification link",
  },
  SIGN_IN_RATE_LIMITED: {
    status: 429,
    field: "form",
    message: "Too many sign-in attempts. Please wait a few minutes and try again.",
  },
  SIGN_IN_FAILED: { status: 503, field: "form", message: "Please try again" },
  /** The account's failures ceiling is reached by others: a fresh address may still sign in with a solved captcha. */
  SIGN_IN_CAPTCHA_REQUIRED: { status: 429, field: "form", message: "Please complete the captcha verification" },
  SIGN_UP_RATE_LIMITED: { status: 429, field: "form", message: TRY_AGAIN_LATER },
  /** better-auth refused the sign-up for another reason; its message is shown. */
  SIGN_UP_REJECTED: { status: 400, field: "form", message: "Please check your details and try again" },
  SIGN_UP_FAILED: { status: 503, field: "form", message: "Please try again" },
  PASSWORD_REJECTED: { status: 400, field: "password", message: "Please choose a different password" },
  COMMON_PASSWORD: {
    status: 400,
    field: "password",
    message: "This password is too common. Please choose another one.",
  },
  CAPTCHA_FAILED: {
    status: 400,
    field: "captcha",
    message: "Security verification expired: Please complete the captcha again.",
  },
  PASSWORD_RESET_RATE_LIMITED: { status: 429, field: "form", message: TRY_AGAIN_LATER },
  /** Any other failure of the reset request. */
  PASSWORD_RESET_FAILED: {
    status: 400,
    field: "form",
    message: "Failed to send reset email. Please verify your email address and try again.",
  },
  MAGIC_LINK_RATE_LIMITED: { status: 429, field: "form", message: TRY_AGAIN_LATER },
  // Re-authentication
  CURRENT_PASSWORD_REQUIRED: { status: 400, field: "currentPassword", message: "Please enter your current password" },
  CURRENT_PASSWORD_WRONG: { status: 400, field: "currentPassword", message: "Current password is incorrect" },
  REAUTHENTICATION_RATE_LIMITED: { status: 429, field: "form", message: TOO_MANY_ATTEMPTS },
  SESSION_TOO_OLD: {
    status: 403,
    field: "form",
    message: "For your security, please sign out and sign in again, then retry within 10 minutes.",
  },
} as const satisfies Record<string, ErrorSpec>;
