import { describe, expect, it } from "vitest";
import {
  MAX_COUNTS_PER_ADDRESS_PER_DAY,
  MAX_COUNTS_PER_ADDRESS_PER_TARGET_PER_DAY,
  MAX_VISITORS_PER_ADDRESS_PER_DAY,
  REPEAT_VISIT_WINDOW_MS,
} from "~/domains/analytics/content/view-rules";
import { addressOf, createVisitorGate } from "~/domains/analytics/server/visitor-gate.server";

// The one rule of counted views and clicks, per instance: a visitor's repeats of a target within the window once, an
// address (an IPv4 address or an IPv6 /64) at most its caps whatever user agents it sends; over HTTP:
// tests/integration/analytics/view-counting.test.ts and tests/integration/analytics/counted-clicks.test.ts.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const START = Date.parse("2026-11-27T08:00:00Z");
const PAGE = "storefront\tada";
const count = (results: unknown[]) => results.filter((visitor) => visitor !== null).length;

describe("the visitor gate", () => {
  it("counts a visitor's repeats of a target once while they keep coming within the window, and again after a pause", () => {
    const gate = createVisitorGate();
    expect(gate.admit(PAGE, START, "192.0.2.1", CHROME)).toEqual({ ip: "192.0.2.1", userAgent: CHROME });
    // A refresh every 20 minutes for two hours: still the same view.
    for (let minutes = 20; minutes <= 120; minutes += 20)
      expect(gate.admit(PAGE, START + minutes * 60_000, "192.0.2.1", CHROME), `${minutes}`).toBeNull();
    // Another target, another visitor: counts of their own.
    expect(gate.admit("sales\tada\tguide", START + 120 * 60_000, "192.0.2.1", CHROME)).not.toBeNull();
    expect(gate.admit(PAGE, START + 120 * 60_000, "192.0.2.2", CHROME)).not.toBeNull();
    // Back after two windows without a view: counted again.
    expect(gate.admit(PAGE, START + 120 * 60_000 + 2 * REPEAT_VISIT_WINDOW_MS, "192.0.2.1", CHROME)).not.toBeNull();
  });

  it("counts one address's rotating user agents on one target a bounded number of times a day", () => {
    const gate = createVisitorGate();
    // 100 clicks at once, each with a new user agent; then 100 more through the day, past the repeat windows.
    const burst = Array.from({ length: 100 }, (_, i) =>
      gate.admit("bio-block\tb1", START + i, "192.0.2.9", `${CHROME} ${i}`),
    );
    expect(count(burst)).toBe(MAX_VISITORS_PER_ADDRESS_PER_DAY);
    const spread = Array.from({ length: 100 }, (_, i) =>
      gate.admit("bio-block\tb1", START + (i + 1) * (REPEAT_VISIT_WINDOW_MS / 6), "192.0.2.9", `${CHROME} ${i % 10}`),
    );
    expect(count(burst) + count(spread)).toBe(MAX_COUNTS_PER_ADDRESS_PER_TARGET_PER_DAY);
    // The next UTC day starts again.
    expect(gate.admit("bio-block\tb1", Date.parse("2026-11-28T00:00:01Z"), "192.0.2.9", CHROME)).not.toBeNull();
  });

  it("counts 40 addresses of one IPv6 /64 as one visitor, and its visitors as the same ones", () => {
    const gate = createVisitorGate();
    const admitted = Array.from({ length: 40 }, (_, i) =>
      gate.admit("post\tp1", START + i, `2001:db8:0:7:${(i + 1).toString(16)}::1`, CHROME),
    );
    expect(count(admitted)).toBe(1);
    expect(admitted[0]).toEqual({ ip: "2001:db8:0:7::/64", userAgent: CHROME });
    // Another /64 of the same /48 is another address.
    expect(gate.admit("post\tp1", START, "2001:db8:0:8::1", CHROME)).toEqual({
      ip: "2001:db8:0:8::/64",
      userAgent: CHROME,
    });
  });

  it("caps an address's counts and visitors per UTC day across targets", () => {
    const gate = createVisitorGate();
    const admitted = Array.from({ length: MAX_COUNTS_PER_ADDRESS_PER_DAY + 20 }, (_, i) =>
      gate.admit(`sales\tada\tp${i}`, START + i, `2001:db8:0:7:${(i % 50).toString(16)}::1`, `${CHROME} tab/${i}`),
    );
    const counted = admitted.filter((visitor) => visitor !== null);
    expect(counted).toHaveLength(MAX_COUNTS_PER_ADDRESS_PER_DAY);
    expect(new Set(counted.map((visitor) => visitor!.userAgent)).size).toBe(MAX_VISITORS_PER_ADDRESS_PER_DAY);
  });

  it("reads an address as IPv4, IPv4-mapped IPv6, or an IPv6 /64", () => {
    expect(addressOf("192.0.2.1")).toBe("192.0.2.1");
    expect(addressOf("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressOf("2001:0db8:0000:0007:abcd::1")).toBe("2001:db8:0:7::/64");
    expect(addressOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressOf("::1")).toBe("0:0:0:0::/64");
  });
});
