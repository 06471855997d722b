import { createHash } from "node:crypto";

/**
 * A visitor's identity for one seller and one UTC day, as Plausible counts unique visitors: sha256 of the day's
 * random salt, the seller, the IP address and the user agent. Without the salt (deleted once the day is over)
 * it cannot be traced back to an address, nor linked to the same visitor on another day or at another seller.
 */
export function visitorHash(salt: Buffer, sellerId: string, ip: string, userAgent: string): Buffer {
  return createHash("sha256").update(salt).update("\0").update(sellerId).update("\0").update(ip).update("\0").update(userAgent).digest().subarray(0, 16);
}
