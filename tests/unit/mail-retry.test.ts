import { describe, expect, it } from "vitest";
import {
  describeMailError,
  MAIL_ERROR_MAX_LENGTH,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_BASE_DELAY_MS,
  MAIL_RETRY_MAX_DELAY_MS,
  mailGivenUp,
  mailRetryDelayMs,
} from "~/server/mail/mail-retry.server";

describe("mail retry back-off", () => {
  it("doubles from 1 s after each failure and is capped at 5 minutes", () => {
    expect(MAIL_RETRY_BASE_DELAY_MS).toBe(1_000);
    expect(MAIL_RETRY_MAX_DELAY_MS).toBe(300_000);
    const schedule = Array.from({ length: 12 }, (_, i) => mailRetryDelayMs(i + 1));
    expect(schedule).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000, 300_000,
    ]);
  });

  it("never exceeds the cap nor overflows, and treats odd input as a first failure", () => {
    for (const n of [20, 50, 1_000, Number.MAX_SAFE_INTEGER]) expect(mailRetryDelayMs(n)).toBe(MAIL_RETRY_MAX_DELAY_MS);
    for (const n of [0, -3, Number.NaN]) expect(mailRetryDelayMs(n)).toBe(MAIL_RETRY_BASE_DELAY_MS);
  });

  it("gives up after 20 failed attempts (about an hour of outage)", () => {
    expect(MAIL_MAX_ATTEMPTS).toBe(20);
    expect(mailGivenUp(19)).toBe(false);
    expect(mailGivenUp(20)).toBe(true);
    const waited = Array.from({ length: MAIL_MAX_ATTEMPTS - 1 }, (_, i) => mailRetryDelayMs(i + 1)).reduce(
      (a, b) => a + b,
      0,
    );
    expect(waited / 60_000).toBeGreaterThan(50);
    expect(waited / 60_000).toBeLessThan(70);
  });
});

describe("describeMailError", () => {
  it("keeps the code and message on one line", () => {
    const error = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:2525\n    at somewhere"), {
      code: "ESOCKET",
    });
    expect(describeMailError(error)).toBe("ESOCKET: connect ECONNREFUSED 127.0.0.1:2525 at somewhere");
    expect(describeMailError(Object.assign(new Error("EAUTH bad login"), { code: "EAUTH" }))).toBe("EAUTH bad login");
    expect(describeMailError("plain")).toBe("plain");
    expect(describeMailError({ weird: true })).toBe("unknown error");
  });

  it("masks credentials of URLs and caps the length", () => {
    expect(describeMailError(new Error("failed smtp://user:s3cret@mail.example.com:587"))).toBe(
      "failed smtp://[redacted]@mail.example.com:587",
    );
    expect(describeMailError(new Error("x".repeat(5_000)))).toHaveLength(MAIL_ERROR_MAX_LENGTH);
  });
});
