import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import {
  MAX_VIEWS_PER_ADDRESS_PER_DAY,
  MAX_VISITORS_PER_ADDRESS_PER_DAY,
  REPEAT_VIEW_WINDOW_MS,
  utcDay,
  type ViewedPage,
  viewedPageKey,
} from "../content/view-rules";

/** Addresses followed per UTC day, bounding memory; further addresses go uncapped. */
const MAX_ADDRESSES_PER_DAY = 100_000;
/** Visitor and page pairs remembered per repeat window; beyond it the daily caps still apply. */
const MAX_RECENT_VIEWS = 100_000;

/** Whom a counted view is counted as: the visitor itself, or its address's first visitor. */
export type CountedVisitor = { ip: string; userAgent: string };

type Address = { views: number; first: CountedVisitor; visitors: Set<string> };

/** Which views one instance counts. */
export type ViewGate = {
  /** The visitor to count a view as, or null when it is not counted. */
  admit(page: ViewedPage, time: number, ip: string, userAgent: string): CountedVisitor | null;
};

/**
 * Admits page views per instance, skipping a visitor's quick repeats and capping each address's daily views and
 * visitors.
 */
export function createViewGate(): ViewGate {
  let day = "";
  let addresses = new Map<string, Address>();
  // Two generations of recent views: a key seen in either is a repeat, and each repeat renews it.
  let windowStart = 0;
  let recent = new Set<string>();
  let previous = new Set<string>();

  return {
    admit(page, time, ip, userAgent) {
      const today = utcDay(time);
      if (today !== day) {
        day = today;
        addresses = new Map();
      }
      if (time - windowStart >= REPEAT_VIEW_WINDOW_MS) {
        previous = time - windowStart >= 2 * REPEAT_VIEW_WINDOW_MS ? new Set() : recent;
        recent = new Set();
        windowStart = time;
      }
      const address = addressKey(ip);
      const visitor = createHash("sha256").update(ip).update("\0").update(userAgent).digest("base64").slice(0, 22);
      const key = `${visitor}\0${viewedPageKey(page)}`;
      const repeat = recent.has(key) || previous.has(key);
      if (recent.size < MAX_RECENT_VIEWS) recent.add(key);
      if (repeat) return null;

      let seen = addresses.get(address);
      if (!seen) {
        if (addresses.size >= MAX_ADDRESSES_PER_DAY) return { ip, userAgent };
        seen = { views: 0, first: { ip, userAgent }, visitors: new Set([visitor]) };
        addresses.set(address, seen);
      }
      if (seen.views >= MAX_VIEWS_PER_ADDRESS_PER_DAY) return null;
      seen.views++;
      if (seen.visitors.has(visitor)) return { ip, userAgent };
      if (seen.visitors.size < MAX_VISITORS_PER_ADDRESS_PER_DAY) {
        seen.visitors.add(visitor);
        return { ip, userAgent };
      }
      return seen.first;
    },
  };
}

/** The address a cap applies to: IPv4 (also IPv4-mapped) or an IPv6 /64 network. */
function addressKey(ip: string): string {
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
