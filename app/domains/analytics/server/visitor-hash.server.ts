import { createHash } from "node:crypto";

/**
 * A visitor's identity per seller and UTC day, hashed with the day's salt so it is untraceable once the salt is
 * deleted.
 */
export function visitorHash(salt: Buffer, sellerId: string, ip: string, userAgent: string): Buffer {
  return createHash("sha256")
    .update(salt)
    .update("\0")
    .update(sellerId)
    .update("\0")
    .update(ip)
    .update("\0")
    .update(userAgent)
    .digest()
    .subarray(0, 16);
}
