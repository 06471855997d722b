import { addressOf } from "~/domains/analytics/server/visitor-gate.server";

/** Unknown codes one address (an IPv6 /64 as one) may ask for per minute, per instance, before it must wait. */
export const MAX_MISSES_PER_ADDRESS_PER_MINUTE = 30;
const MAX_ADDRESSES_PER_MINUTE = 100_000;

/** Lookups of tracking codes that do not exist, per address and minute: guessing codes is slowed down. */
export type UnknownCodeLimit = {
  /** Records a lookup of an unknown code; the seconds to wait when the address asked for too many, else null. */
  refuseMiss(time: number, ip: string): number | null;
};

/** Counts each address's unknown-code lookups per minute, per instance. */
export function createUnknownCodeLimit(): UnknownCodeLimit {
  let minute = 0;
  let misses = new Map<string, number>();
  return {
    refuseMiss(time, ip) {
      const now = Math.floor(time / 60_000);
      if (now !== minute) {
        minute = now;
        misses = new Map();
      }
      const address = addressOf(ip);
      const seen = (misses.get(address) ?? 0) + 1;
      if (seen > 1 || misses.size < MAX_ADDRESSES_PER_MINUTE) misses.set(address, seen);
      return seen > MAX_MISSES_PER_ADDRESS_PER_MINUTE ? 60 - Math.floor((time % 60_000) / 1000) : null;
    },
  };
}
