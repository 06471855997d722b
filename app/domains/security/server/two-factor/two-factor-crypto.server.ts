import { createHmac, randomInt } from "node:crypto";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { Secret, TOTP } from "otpauth";

/**
 * TOTP codes have 6 digits; the secret is 20 random bytes (32 base32 characters), other parameters RFC 6238's defaults.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_SECRET_BYTES = 20;
/** Codes of the previous and next 30-second step are accepted too (clock drift), each only once. */
export const TOTP_WINDOW = 1;
export const TWO_FACTOR_ISSUER = "Sellkit";
export const BACKUP_CODE_COUNT = 10;
const BACKUP_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const BACKUP_CODE_HALF = 5;

/** Keys for the 2FA secrets, derived from AUTH_SECRET, one per purpose. */
function derivedKey(authSecret: string, purpose: "totp-secret" | "backup-code"): string {
  return createHmac("sha256", authSecret).update(`sellkit:two-factor:${purpose}`).digest("hex");
}

export function newTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

/** The secret at rest: XChaCha20-Poly1305 (better-auth's symmetric encryption) under a derived key. */
export function encryptTotpSecret(authSecret: string, base32: string): Promise<string> {
  return symmetricEncrypt({ key: derivedKey(authSecret, "totp-secret"), data: base32 });
}

export function decryptTotpSecret(authSecret: string, encrypted: string): Promise<string> {
  return symmetricDecrypt({ key: derivedKey(authSecret, "totp-secret"), data: encrypted });
}

function totp(base32: string, label = "") {
  return new TOTP({
    issuer: TWO_FACTOR_ISSUER,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** The otpauth:// address for authenticator apps (the QR code's content). */
export function totpUri(base32: string, accountName: string): string {
  return totp(base32, accountName).toString();
}

/**
 * The time-step of a code valid now, else null; the caller must accept only steps newer than the last used, against
 * replay.
 */
export function matchingTotpStep(base32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(base32).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Ten codes like 'K7M2Q-XR4TP' (50 bits each), shown once. */
export function newBackupCodes(): string[] {
  const half = () =>
    Array.from({ length: BACKUP_CODE_HALF }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join(
      "",
    );
  return Array.from({ length: BACKUP_CODE_COUNT }, () => `${half()}-${half()}`);
}

/** Upper case, no spaces or dashes: how a typed backup code is compared. */
export function normalizeBackupCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

export function looksLikeBackupCode(code: string): boolean {
  return normalizeBackupCode(code).length === BACKUP_CODE_HALF * 2 && /^[A-Z0-9]+$/.test(normalizeBackupCode(code));
}

/** Backup codes are stored as keyed hashes (HMAC-SHA-256): the database alone cannot reveal them. */
export function hashBackupCode(authSecret: string, code: string): string {
  return createHmac("sha256", derivedKey(authSecret, "backup-code")).update(normalizeBackupCode(code)).digest("hex");
}
