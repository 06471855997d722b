import { type ErrorSpec, TOO_MANY_ATTEMPTS } from "~/lib/errors/common";

/** How long two-factor sign-in stays locked after too many wrong codes. */
export const TWO_FACTOR_LOCKOUT_MINUTES = 15;

/** The security feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const SECURITY_ERRORS = {
  // Two-factor
  TWO_FACTOR_CODE_WRONG: { status: 400, field: "code", message: "Invalid or already used code. Please try again." },
  TWO_FACTOR_LOCKED: {
    status: 429,
    field: "form",
    message: `Too many failed attempts. Two-factor sign-in is locked for ${TWO_FACTOR_LOCKOUT_MINUTES} minutes.`,
  },
  TWO_FACTOR_RATE_LIMITED: { status: 429, field: "form", message: TOO_MANY_ATTEMPTS },
  TWO_FACTOR_NOT_ENABLED: { status: 400, field: "form", message: "Two-factor authentication is not enabled" },
  TWO_FACTOR_ALREADY_ENABLED: { status: 409, field: "form", message: "Two-factor authentication is already enabled" },
  /** Turning two-factor on failed after a right code. */
  TWO_FACTOR_ENABLE_FAILED: { status: 503, field: "form", message: "Failed to enable 2FA. Please try again." },
  /** Turning two-factor off failed after a right password. */
  TWO_FACTOR_DISABLE_FAILED: { status: 503, field: "form", message: "Failed to disable 2FA" },
  // Security center
  SESSIONS_LOAD_FAILED: { status: 503, field: "form", message: "Failed to load security sessions" },
} as const satisfies Record<string, ErrorSpec>;
