import { describe, expect, it } from "vitest";
import {
  MAX_VIEWS_PER_ADDRESS_PER_DAY,
  MAX_VISITORS_PER_ADDRESS_PER_DAY,
  REPEAT_VIEW_WINDOW_MS,
} from "~/features/analytics/content/view-rules";
import { createViewGate } from "~/features/analytics/server/view-gate.server";

// Which views one instance counts: a visitor's repeats within the window once, and at most the daily caps of one
// address (an IPv4 address or an IPv6 /64); over HTTP: tests/integration/view-counting.test.ts.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const START = Date.parse("2026-11-27T08:00:00Z");
const page = { kind: "storefront", handle: "ada" } as const;

describe("the view gate", () => {
  it("counts a visitor's repeats of a page once while they keep coming within the window, and again after a pause", () => {
    const gate = createViewGate();
    expect(gate.admit(page, START, "192.0.2.1", CHROME)).toEqual({ ip: "192.0.2.1", userAgent: CHROME });
    // A refresh every 20 minutes for two hours: still the same view.
    for (let minutes = 20; minutes <= 120; minutes += 20)
      expect(gate.admit(page, START + minutes * 60_000, "192.0.2.1", CHROME), `${minutes}`).toBeNull();
    // Another page, another visitor: views of their own.
    expect(
      gate.admit({ kind: "sales", handle: "ada", slug: "guide" }, START + 120 * 60_000, "192.0.2.1", CHROME),
    ).not.toBeNull();
    expect(gate.admit(page, START + 120 * 60_000, "192.0.2.2", CHROME)).not.toBeNull();
    // Back after two windows without a view: counted again.
    expect(gate.admit(page, START + 120 * 60_000 + 2 * REPEAT_VIEW_WINDOW_MS, "192.0.2.1", CHROME)).not.toBeNull();
  });

  it("caps an address's views and visitors per UTC day, an IPv6 /64 being one address, and starts again the next day", () => {
    const gate = createViewGate();
    const admitted = Array.from({ length: MAX_VIEWS_PER_ADDRESS_PER_DAY + 20 }, (_, i) =>
      gate.admit(page, START + i, `2001:db8:0:7:${(i % 50).toString(16)}::1`, `${CHROME} tab/${i}`),
    );
    const counted = admitted.filter((visitor) => visitor !== null);
    expect(counted).toHaveLength(MAX_VIEWS_PER_ADDRESS_PER_DAY);
    expect(new Set(counted.map((visitor) => `${visitor!.ip} ${visitor!.userAgent}`)).size).toBe(
      MAX_VISITORS_PER_ADDRESS_PER_DAY,
    );
    // Another /64 of the same /48 is another address.
    expect(gate.admit(page, START, "2001:db8:0:8::1", CHROME)).not.toBeNull();
    expect(gate.admit(page, Date.parse("2026-11-28T00:00:01Z"), "2001:db8:0:7::1", `${CHROME} tab/0`)).not.toBeNull();
  });
});
