/** Each failure's status, form field ("form": the whole form) and message; decide by code, never by text. */
export type ErrorSpec = { status: number; field: string; message: string };

/** The message of a form's rate limit: sign-ups, reset and sign-in links, lost links. */
export const TRY_AGAIN_LATER = "Too many requests. Please wait before trying again.";
/** The message of a rate limit on tries at a password or a code. */
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";

/** The codes of no feature: any form's failures. */
export const COMMON_ERRORS = {
  UNSUPPORTED_FORM: {
    status: 415,
    field: "form",
    message: "Please submit the form from the page: this request is not form data.",
  },
  MALFORMED_FORM: {
    status: 400,
    field: "form",
    message: "Please submit the form from the page: this request is not form data.",
  },
  NUL_CHARACTER: {
    status: 400,
    field: "form",
    message:
      "Your form contains an invisible control character (NUL) that cannot be saved. Please remove it and try again.",
  },
} as const satisfies Record<string, ErrorSpec>;
