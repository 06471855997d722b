import { createHash } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import {
  BACKUP_CODE_COUNT,
  decryptTotpSecret,
  encryptTotpSecret,
  hashBackupCode,
  looksLikeBackupCode,
  matchingTotpStep,
  newBackupCodes,
  newTotpSecret,
  normalizeBackupCode,
  totpUri,
} from "~/domains/security/server/two-factor/two-factor-crypto.server";

const AUTH_SECRET = "x".repeat(32);
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
/** The middle of a 30-second step, so ±30 s lands in the neighbouring steps. */
const NOW = 1_800_000_015_000;
const STEP = Math.floor(NOW / 30_000);

function code(timestamp: number, secret = SECRET) {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });
}

describe("TOTP secret", () => {
  it("is 32 base32 characters (20 random bytes), new each time", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it("encrypts and decrypts round trip; the stored form does not contain the secret and differs each time", async () => {
    const encrypted = await encryptTotpSecret(AUTH_SECRET, SECRET);
    expect(encrypted).not.toContain(SECRET);
    expect(encrypted).not.toContain(Buffer.from(SECRET).toString("hex"));
    expect(await encryptTotpSecret(AUTH_SECRET, SECRET)).not.toBe(encrypted);
    expect(await decryptTotpSecret(AUTH_SECRET, encrypted)).toBe(SECRET);
  });

  it("cannot be decrypted with another AUTH_SECRET", async () => {
    const encrypted = await encryptTotpSecret(AUTH_SECRET, SECRET);
    const other = await decryptTotpSecret("y".repeat(32), encrypted).catch(() => null);
    expect(other).not.toBe(SECRET);
  });

  it("the otpauth address names Sellkit, the account, 6 digits and 30 s", () => {
    const uri = totpUri(SECRET, "ada@example.com");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Sellkit:ada%40example\.com\?/);
    expect(uri).toContain(`secret=${SECRET}`);
    expect(uri).toContain("digits=6");
    expect(uri).toContain("period=30");
  });
});

describe("matchingTotpStep", () => {
  it.each([
    [-1, -30_000],
    [0, 0],
    [1, 30_000],
  ])("returns the step of a code of step %i", (offset, ms) => {
    expect(matchingTotpStep(SECRET, code(NOW + ms), NOW)).toBe(STEP + offset);
  });

  it.each([-60_000, 60_000, -90_000, 3_600_000])("returns null for a code %i ms away (outside the window)", (ms) => {
    const far = code(NOW + ms);
    const near = new Set([-30_000, 0, 30_000].map((d) => code(NOW + d)));
    if (near.has(far)) return; // the same six digits by chance: nothing to tell apart
    expect(matchingTotpStep(SECRET, far, NOW)).toBeNull();
  });

  it("returns null for another secret's code", () => {
    const other = code(NOW, "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    if (other !== code(NOW)) expect(matchingTotpStep(SECRET, other, NOW)).toBeNull();
  });

  it.each(["", "12345", "1234567", "abcdef", "12 345", " 123456", "123456 ", "１２３４５６", "-12345", "1e5000"])(
    "returns null for malformed input %j",
    (input) => {
      expect(matchingTotpStep(SECRET, input, NOW)).toBeNull();
    },
  );

  it("the current code is accepted at the very start and end of its step", () => {
    const start = STEP * 30_000;
    expect(matchingTotpStep(SECRET, code(start), start)).toBe(STEP);
    expect(matchingTotpStep(SECRET, code(start), start + 29_999)).toBe(STEP);
  });
});

describe("backup codes", () => {
  it("ten distinct codes like K7M2Q-XR4TP from an alphabet without look-alikes (0, 1, I, O)", () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(BACKUP_CODE_COUNT);
    expect(new Set(codes).size).toBe(BACKUP_CODE_COUNT);
    for (const backup of codes) {
      expect(backup).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
      expect(looksLikeBackupCode(backup)).toBe(true);
    }
  });

  it("normalises case, spaces and dashes", () => {
    expect(normalizeBackupCode("k7m2q-xr4tp")).toBe("K7M2QXR4TP");
    expect(normalizeBackupCode(" K7M2Q XR4TP \n")).toBe("K7M2QXR4TP");
    expect(normalizeBackupCode("K7M2Q--XR4TP")).toBe("K7M2QXR4TP");
  });

  it.each([
    ["K7M2Q-XR4TP", true],
    ["k7m2qxr4tp", true],
    ["K7M2Q XR4TP", true],
    ["K7M2Q-XR4T", false],
    ["K7M2Q-XR4TPZ", false],
    ["K7M2Q_XR4TP", false],
    ["123456", false],
    ["", false],
  ])("looksLikeBackupCode(%j) is %s", (input, expected) => {
    expect(looksLikeBackupCode(input)).toBe(expected);
  });

  it("hashes to 64 hex, the same for every spelling of a code, different for different codes", () => {
    const hash = hashBackupCode(AUTH_SECRET, "K7M2Q-XR4TP");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashBackupCode(AUTH_SECRET, "k7m2q xr4tp")).toBe(hash);
    expect(hashBackupCode(AUTH_SECRET, "K7M2QXR4TP")).toBe(hash);
    expect(hashBackupCode(AUTH_SECRET, "K7M2Q-XR4TQ")).not.toBe(hash);
  });

  it("the hash is keyed: not a plain SHA-256 of the code, and different under another AUTH_SECRET", () => {
    const hash = hashBackupCode(AUTH_SECRET, "K7M2Q-XR4TP");
    for (const plain of ["K7M2Q-XR4TP", "K7M2QXR4TP"])
      expect(hash).not.toBe(createHash("sha256").update(plain).digest("hex"));
    expect(hashBackupCode("y".repeat(32), "K7M2Q-XR4TP")).not.toBe(hash);
    expect(hash).not.toContain("k7m2q");
  });
});
