import { z } from "zod";
import { MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE } from "~/lib/form-fields";

export const CURRENT_PASSWORD_REQUIRED_MESSAGE = "Please enter your current password";
export const CURRENT_PASSWORD_WRONG_MESSAGE = "Current password is incorrect";

/** The current password asked for before a sensitive change (re-authentication, GUIDE §4). Checked on the server. */
export const currentPasswordField = z
  .string({ error: CURRENT_PASSWORD_REQUIRED_MESSAGE })
  .min(1, CURRENT_PASSWORD_REQUIRED_MESSAGE)
  .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE);
