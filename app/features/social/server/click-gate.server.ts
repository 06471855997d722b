/** Clicks one address may add to one post per UTC day, per instance; later ones still redirect. */
export const MAX_CLICKS_PER_ADDRESS_PER_POST_PER_DAY = 10;
/** Unknown codes one address may ask for per minute, per instance, before it must wait. */
export const MAX_MISSES_PER_ADDRESS_PER_MINUTE = 30;
/** Address and post pairs followed per day, bounding memory; further pairs go uncapped. */
const MAX_PAIRS_PER_DAY = 200_000;
const MAX_ADDRESSES_PER_MINUTE = 100_000;

/** Which tracking-link requests one instance counts or answers. */
export type ClickGate = {
  /** Whether a person's click from `ip` on `postId` counts. */
  admitClick(postId: string, time: number, ip: string): boolean;
  /** Records a lookup of an unknown code; the seconds to wait when the address asked for too many, else null. */
  refuseMiss(time: number, ip: string): number | null;
};

/** Caps each address's counted clicks per post and day, and its unknown-code lookups per minute. */
export function createClickGate(): ClickGate {
  let day = "";
  let clicks = new Map<string, number>();
  let minute = 0;
  let misses = new Map<string, number>();
  return {
    admitClick(postId, time, ip) {
      const today = new Date(time).toISOString().slice(0, 10);
      if (today !== day) {
        day = today;
        clicks = new Map();
      }
      const key = `${ip}\t${postId}`;
      const seen = clicks.get(key) ?? 0;
      if (seen >= MAX_CLICKS_PER_ADDRESS_PER_POST_PER_DAY) return false;
      if (seen > 0 || clicks.size < MAX_PAIRS_PER_DAY) clicks.set(key, seen + 1);
      return true;
    },
    refuseMiss(time, ip) {
      const now = Math.floor(time / 60_000);
      if (now !== minute) {
        minute = now;
        misses = new Map();
      }
      const seen = (misses.get(ip) ?? 0) + 1;
      if (seen > 1 || misses.size < MAX_ADDRESSES_PER_MINUTE) misses.set(ip, seen);
      return seen > MAX_MISSES_PER_ADDRESS_PER_MINUTE ? 60 - Math.floor((time % 60_000) / 1000) : null;
    },
  };
}
