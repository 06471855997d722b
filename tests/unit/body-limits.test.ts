import { describe, expect, it } from "vitest";
import { bodyLimitFor } from "~/server/http/body-limits";
import { parseEnv } from "~/server/env.server";

const PRODUCT = "/tools/products/00000000-0000-0000-0000-000000000000";

describe("body times", () => {
  it("are production's without settings: 10 s for a form, a large form's cap at 64 KB/s, uploads 60 s", () => {
    const env = parseEnv({});
    const times = { formMs: env.FORM_BODY_TIMEOUT_MS, bytesPerSecond: env.FORM_BODY_MIN_BYTES_PER_SECOND };
    expect(times).toEqual({ formMs: 10_000, bytesPerSecond: 65_536 });
    const timeouts = [
      "/contact",
      "/api/webhooks/stripe",
      "/auth",
      "/settings.data",
      PRODUCT,
      "/tools/retail-dashboard",
    ];
    expect(timeouts.map((path) => bodyLimitFor(path, times).timeoutMs)).toEqual([
      10_000, 10_000, 33_000, 33_000, 164_000, 33_000,
    ]);
    expect(timeouts.map((path) => bodyLimitFor(path).timeoutMs)).toEqual(
      timeouts.map((path) => bodyLimitFor(path, times).timeoutMs),
    );
    expect(bodyLimitFor("/api/uploads/x").timeoutMs).toBe(60_000);
  });

  it("follow FORM_BODY_TIMEOUT_MS and FORM_BODY_MIN_BYTES_PER_SECOND, the caps and uploads unchanged", () => {
    const env = parseEnv({ FORM_BODY_TIMEOUT_MS: "1500", FORM_BODY_MIN_BYTES_PER_SECOND: String(4 * 1024 * 1024) });
    const times = { formMs: env.FORM_BODY_TIMEOUT_MS, bytesPerSecond: env.FORM_BODY_MIN_BYTES_PER_SECOND };
    // The avatar forms' 2 MB + 64 KB at 4 MB/s round up to 1 s, under the form time; the product form's 10.25 MB to 3
    // s.
    expect(bodyLimitFor("/auth", times).timeoutMs).toBe(1_500);
    expect(bodyLimitFor("/contact", times).timeoutMs).toBe(1_500);
    expect(bodyLimitFor(PRODUCT, times).timeoutMs).toBe(3_000);
    expect(bodyLimitFor(PRODUCT, times).bytes).toBe(bodyLimitFor(PRODUCT).bytes);
    expect(bodyLimitFor("/api/uploads/x", times)).toEqual(bodyLimitFor("/api/uploads/x"));
  });
});
