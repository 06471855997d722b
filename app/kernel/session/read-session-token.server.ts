import { createHmac, timingSafeEqual } from "node:crypto";

/** The length of a base64 HMAC-SHA256 signature: 32 bytes, 44 characters with padding. */
const SIGNATURE_LENGTH = 44;

/** The URL-decoded value of the first cookie called `name` in a Cookie header, as better-call parses it. */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * The token of better-auth's signed session cookie, or null when missing or its signature fails a constant-time check.
 */
export function readSessionToken(cookieHeader: string, cookieName: string, secret: string): string | null {
  const value = cookieValue(cookieHeader, cookieName);
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith("=")) return null;
  const given = Buffer.from(signature, "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
