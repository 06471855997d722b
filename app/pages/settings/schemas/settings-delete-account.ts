import { z } from "zod";
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE } from "~/lib/form-fields";
import { ERRORS } from "~/lib/errors";

export const DELETE_CONFIRMATION_WORD = "DELETE";
export const DELETE_CONFIRMATION_MESSAGE = ERRORS.DELETE_CONFIRMATION_WRONG.message;

/** Settings → Delete account: type DELETE, then re-authenticate. */
export const deleteAccountSchema = z.object({
  confirmation: z
    .string({ error: DELETE_CONFIRMATION_MESSAGE })
    .trim()
    .refine((value) => value === DELETE_CONFIRMATION_WORD, DELETE_CONFIRMATION_MESSAGE),
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE).optional(),
  confirmEmail: z.string().trim().max(MAX_EMAIL_LENGTH).optional(),
});

export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
