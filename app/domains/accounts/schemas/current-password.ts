import { z } from "zod";
import { MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE } from "~/lib/form-fields";
import { ERRORS } from "~/lib/errors";

export const CURRENT_PASSWORD_REQUIRED_MESSAGE = ERRORS.CURRENT_PASSWORD_REQUIRED.message;

/** The current password asked for before a sensitive change, checked on the server. */
export const currentPasswordField = z
  .string({ error: CURRENT_PASSWORD_REQUIRED_MESSAGE })
  .min(1, CURRENT_PASSWORD_REQUIRED_MESSAGE)
  .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE);
