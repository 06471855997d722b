import { describe, expect, it } from "vitest";
import { findUnsafeRedirect } from "~/domains/accounts/server/find-unsafe-redirect.server";

const at = (query: string) => findUnsafeRedirect(new URL(`http://127.0.0.1/api/auth/verify-email?${query}`));

describe("findUnsafeRedirect", () => {
  it("accepts links without redirect parameters and with same-site paths", () => {
    expect(at("token=abc")).toBeNull();
    expect(at("token=abc&callbackURL=%2F")).toBeNull();
    expect(at("token=abc&callbackURL=%2Fauth%3Ftab%3Dregister%26step%3D2&errorCallbackURL=%2Fauth")).toBeNull();
  });

  it("names the first parameter that leaves the site or is malformed", () => {
    expect(at("callbackURL=https%3A%2F%2Fevil.example")).toBe("callbackURL");
    expect(at("callbackURL=%2F%2Fevil.example")).toBe("callbackURL");
    expect(at("callbackURL=%2F%5Cevil.example")).toBe("callbackURL");
    expect(at("callbackURL=javascript%3Aalert(1)")).toBe("callbackURL");
    expect(at("callbackURL=%ED%A0%80")).toBe("callbackURL");
    expect(at("callbackURL=")).toBe("callbackURL");
    expect(at("callbackURL=%2Fok&newUserCallbackURL=http%3A%2F%2Fx")).toBe("newUserCallbackURL");
    expect(at("redirectTo=%2Fok&redirectTo=%2F%2Fx")).toBe("redirectTo");
  });
});
