import { createHmac, timingSafeEqual } from "node:crypto";

// Short-lived signed file links: HMAC-SHA256 over order id, file id, buyer email and expiry, under a key derived from
// AUTH_SECRET. A link opens one file for one buyer until it expires.

export type DownloadLinkClaims = { orderId: string; fileId: string; email: string; expires: number };

/** The signing key, derived from AUTH_SECRET for this purpose only. */
function signingKey(authSecret: string): Buffer {
  return createHmac("sha256", authSecret).update("sellkit:delivery:download-link").digest();
}

function mac(authSecret: string, claims: DownloadLinkClaims): Buffer {
  return createHmac("sha256", signingKey(authSecret))
    .update(`${claims.orderId}|${claims.fileId}|${claims.email.toLowerCase()}|${claims.expires}`)
    .digest();
}

/** The signature of a link (base64url). */
export function signDownload(authSecret: string, claims: DownloadLinkClaims): string {
  return mac(authSecret, claims).toString("base64url");
}

/** The path and query of a signed file link, valid `ttlSeconds` from `now`. */
export function signedDownloadPath(
  authSecret: string,
  input: { orderId: string; fileId: string; email: string },
  ttlSeconds: number,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  const sig = signDownload(authSecret, { ...input, expires });
  return `/purchases/${input.orderId}/files/${input.fileId}?expires=${expires}&sig=${sig}`;
}

/** A file link's verdict: genuine and current, genuine but expired, or not genuine. */
export type SignatureCheck = "valid" | "expired" | "invalid";

/** Checks a link's signature in constant time, then its expiry, so only a genuine link is reported as expired. */
export function checkDownloadSignature(
  authSecret: string,
  input: { orderId: string; fileId: string; email: string; expires: string | null; sig: string | null },
  now = Date.now(),
): SignatureCheck {
  if (!input.expires || !/^\d{1,12}$/.test(input.expires) || !input.sig || !/^[A-Za-z0-9_-]{43}$/.test(input.sig))
    return "invalid";
  const expires = Number(input.expires);
  const expected = mac(authSecret, { orderId: input.orderId, fileId: input.fileId, email: input.email, expires });
  const given = Buffer.from(input.sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return expires * 1000 > now ? "valid" : "expired";
}
