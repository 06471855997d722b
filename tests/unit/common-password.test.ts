import { describe, expect, it } from "vitest";
import { isCommonPassword } from "~/domains/accounts/server/is-common-password.server";

describe("isCommonPassword (offline list)", () => {
  it.each(["password", "123456", "qwerty", "Password1!", "PASSWORD123", "!!iloveyou!!", "Sunshine1"])(
    "refuses %s",
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );
  it.each(["Str0ng&Unusual!", "Sunflower2024!x", "c0rrect-h0rse-battery", "N3w&Different!"])(
    "accepts %s",
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
