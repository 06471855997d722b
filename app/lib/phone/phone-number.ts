import { DEFAULT_DIAL_CODE, findDialCode } from "./dial-codes";

/** ITU-T E.164: at most 15 digits, country code included. */
export const E164_MAX_DIGITS = 15;

/** Codes whose national numbers keep their leading 0. */
const KEEPS_TRUNK_ZERO = new Set(["+39", "+378"]);

const digitsOf = (text: string) => text.replace(/\D/g, "");

/** Typed with its own "+" or "00" prefix. */
function isInternational(number: string): boolean {
  const trimmed = number.trim();
  return trimmed.startsWith("+") || trimmed.startsWith("00");
}

/** The E.164 form of a number typed beside its country code, or null. */
export function toE164(countryCode: string, number: string): string | null {
  let digits: string;
  if (isInternational(number)) {
    const typed = digitsOf(number);
    digits = number.trim().startsWith("00") ? typed.slice(2) : typed;
  } else {
    const national = digitsOf(number);
    const keepZero = KEEPS_TRUNK_ZERO.has(countryCode);
    digits = digitsOf(countryCode) + (keepZero ? national : national.replace(/^0/, ""));
  }
  if (digits.length === 0 || digits.length > E164_MAX_DIGITS || digits.startsWith("0")) return null;
  return `+${digits}`;
}

/** A stored phone split into country code and rest. */
export function splitPhone(stored: string | null | undefined): { countryCode: string; number: string } {
  const value = (stored ?? "").trim();
  if (!value.startsWith("+")) return { countryCode: DEFAULT_DIAL_CODE, number: value };
  const digits = digitsOf(value);
  for (let length = 1; length <= 3; length += 1) {
    const code = `+${digits.slice(0, length)}`;
    if (findDialCode(code)) return { countryCode: code, number: digits.slice(length) };
  }
  return { countryCode: DEFAULT_DIAL_CODE, number: value };
}
