import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import {
  MAX_COUNTS_PER_ADDRESS_PER_DAY,
  MAX_COUNTS_PER_ADDRESS_PER_TARGET_PER_DAY,
  MAX_VISITORS_PER_ADDRESS_PER_DAY,
  REPEAT_VISIT_WINDOW_MS,
  utcDay,
} from "../content/view-rules";

/** Addresses followed per UTC day, bounding memory; further addresses go uncapped. */
const MAX_ADDRESSES_PER_DAY = 100_000;
/** Address and target pairs followed per UTC day; further pairs are capped by their address's daily count only. */
const MAX_TARGETS_PER_DAY = 200_000;
/** Visitor and target pairs remembered per repeat window; beyond it the daily caps still apply. */
const MAX_RECENT_VISITS = 100_000;

/** Whom a counted view or click is counted as: an address (an IPv6 /64 as one) and a user agent. */
export type CountedVisitor = { ip: string; userAgent: string };

type Address = { counts: number; first: CountedVisitor; visitors: Set<string> };

/** Which views and clicks one instance counts: the rule every counter of visits shares. */
export type VisitorGate = {
  /** The visitor to count a view or click of `target` as, or null when it is not counted. */
  admit(target: string, time: number, ip: string, userAgent: string): CountedVisitor | null;
};

/** Admits visits per instance: a visitor's repeats of a target count once per window; an address, its daily caps. */
export function createVisitorGate(): VisitorGate {
  let day = "";
  let addresses = new Map<string, Address>();
  let targets = new Map<string, number>();
  // Two generations of recent visits: a key seen in either is a repeat, and each repeat renews it.
  let windowStart = 0;
  let recent = new Set<string>();
  let previous = new Set<string>();

  return {
    admit(target, time, ip, userAgent) {
      const today = utcDay(time);
      if (today !== day) {
        day = today;
        addresses = new Map();
        targets = new Map();
      }
      if (time - windowStart >= REPEAT_VISIT_WINDOW_MS) {
        previous = time - windowStart >= 2 * REPEAT_VISIT_WINDOW_MS ? new Set() : recent;
        recent = new Set();
        windowStart = time;
      }
      const address = addressOf(ip);
      let seen = addresses.get(address);
      if (!seen) {
        if (addresses.size >= MAX_ADDRESSES_PER_DAY) return { ip: address, userAgent };
        seen = { counts: 0, first: { ip: address, userAgent }, visitors: new Set() };
        addresses.set(address, seen);
      }
      let visitor = visitorKey(address, userAgent);
      let counted: CountedVisitor = { ip: address, userAgent };
      if (!seen.visitors.has(visitor)) {
        if (seen.visitors.size < MAX_VISITORS_PER_ADDRESS_PER_DAY) seen.visitors.add(visitor);
        else {
          counted = seen.first;
          visitor = visitorKey(address, counted.userAgent);
        }
      }
      const key = `${visitor}\0${target}`;
      const repeat = recent.has(key) || previous.has(key);
      if (recent.size < MAX_RECENT_VISITS) recent.add(key);
      if (repeat || seen.counts >= MAX_COUNTS_PER_ADDRESS_PER_DAY) return null;
      const pair = `${address}\0${target}`;
      const onTarget = targets.get(pair) ?? 0;
      if (onTarget >= MAX_COUNTS_PER_ADDRESS_PER_TARGET_PER_DAY) return null;
      if (onTarget > 0 || targets.size < MAX_TARGETS_PER_DAY) targets.set(pair, onTarget + 1);
      seen.counts++;
      return counted;
    },
  };
}

const visitorKey = (address: string, userAgent: string) =>
  createHash("sha256").update(address).update("\0").update(userAgent).digest("base64").slice(0, 22);

/** The address a visit is counted for: IPv4 (also IPv4-mapped), or the /64 network of an IPv6 address. */
export function addressOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = "", tail] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
