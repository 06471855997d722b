import { z } from "zod";

// zod's fast path compiles parsers with `new Function`, which our CSP (no 'unsafe-eval') forbids; merely probing
// for it raises a CSP violation in the browser. Every schema imports this module, so the setting applies to all.
z.config({ jitless: true });

/** Field rules shared by every form (SPEC §5). Messages are the spec's, verbatim. */
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";
export const MAX_EMAIL_LENGTH = 254;

export const emailField = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .max(MAX_EMAIL_LENGTH, INVALID_EMAIL_MESSAGE)
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }));

/** A required text field: trimmed, not empty, bounded in length. */
export function requiredText(requiredMessage: string, maxLength: number, tooLongMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(maxLength, tooLongMessage);
}
