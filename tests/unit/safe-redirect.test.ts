import { describe, expect, it } from "vitest";
import { safeRedirectPath, signInPath } from "~/kernel/session/safe-redirect.server";

describe("safeRedirectPath", () => {
  it("keeps same-origin paths with query and hash", () => {
    expect(safeRedirectPath("/choose-plan")).toBe("/choose-plan");
    expect(safeRedirectPath("/dashboard?tab=sales#top")).toBe("/dashboard?tab=sales#top");
  });

  it.each([
    "https://evil.example",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil",
    "javascript:alert(1)",
    "dashboard",
    "",
    "/a\u0000b",
    "/%0d%0aSet-Cookie:x",
    42,
    null,
    undefined,
    "x".repeat(3000),
  ])("falls back for %j", (target) => {
    const result = safeRedirectPath(target, "/fallback");
    expect(result === "/fallback" || (result.startsWith("/") && !result.startsWith("//"))).toBe(true);
    if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.includes("\\"))
      expect(result).toBe("/fallback");
  });
});

describe("signInPath", () => {
  it("leads back to the page and its query, and leaves out a query too long to come back to", () => {
    expect(signInPath("/orders", "?status=paid")).toBe("/auth?from=%2Forders%3Fstatus%3Dpaid");
    const long = `?q=${"x".repeat(13_000)}`;
    expect(signInPath("/analytics", long)).toBe("/auth?from=%2Fanalytics");
    expect(safeRedirectPath(decodeURIComponent(signInPath("/analytics", long).slice("/auth?from=".length)))).toBe(
      "/analytics",
    );
  });
});
