import { z } from "zod";

/** 2FA codes are 6 digits. */
export const TWO_FACTOR_CODE_LENGTH = 6;
export const INVALID_TWO_FACTOR_CODE_MESSAGE = "Please enter a valid 6-digit code";
export const INVALID_BACKUP_CODE_MESSAGE = "Please enter one of your backup codes (like K7M2Q-XR4TP)";

const totpCode = z
  .string({ error: INVALID_TWO_FACTOR_CODE_MESSAGE })
  .trim()
  .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), INVALID_TWO_FACTOR_CODE_MESSAGE);

const optionalPassword = z.string().max(128).optional();

/** Security settings: 'Enable 2FA' (re-authentication first; accounts without a password use a fresh sign-in). */
export const enableTwoFactorSchema = z.object({ password: optionalPassword });

/** Security settings, setup step 1: the first code of the authenticator app. */
export const verifyTwoFactorSetupSchema = z.object({ code: totpCode });

/** Security settings: 'Disable' (re-authentication). */
export const disableTwoFactorSchema = z.object({ password: optionalPassword });

/** The sign-in challenge: a code of the authenticator app or a backup code. */
export const twoFactorChallengeSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCode }),
  z.object({
    method: z.literal("backup"),
    code: z
      .string({ error: INVALID_BACKUP_CODE_MESSAGE })
      .trim()
      .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, INVALID_BACKUP_CODE_MESSAGE),
  }),
]);

/** Keeps only digits, at most six (the code input filters as the user types). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "").slice(0, TWO_FACTOR_CODE_LENGTH);
}
