import type { ErrorSpec } from "~/lib/errors/common";

/** The settings feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const SETTINGS_ERRORS = {
  NO_PASSWORD: {
    status: 400,
    field: "form",
    message: "Your account signs in without a password. Use “Forgot password?” on the sign-in page to set one.",
  },
  PASSWORD_CHANGE_FAILED: {
    status: 503,
    field: "form",
    message: "Your password could not be changed. Please try again.",
  },
  SAME_EMAIL: { status: 400, field: "newEmail", message: "This is already your email address" },
  EMAIL_CHANGE_FAILED: { status: 503, field: "form", message: "Your email could not be changed. Please try again." },
  DELETE_CONFIRMATION_WRONG: { status: 400, field: "confirmation", message: "Please type DELETE to confirm" },
  DELETE_EMAIL_WRONG: {
    status: 400,
    field: "confirmEmail",
    message: "Please type your account's email address to confirm",
  },
  ACCOUNT_DELETION_FAILED: {
    status: 503,
    field: "form",
    message: "Your account could not be deleted. Please try again.",
  },
  // The creator's time zone
  TIME_ZONE_INVALID: { status: 400, field: "timeZone", message: "Please choose a time zone from the list." },
  TIME_ZONE_SAVE_FAILED: {
    status: 503,
    field: "form",
    message: "Your time zone could not be saved. Please try again.",
  },
} as const satisfies Record<string, ErrorSpec>;
