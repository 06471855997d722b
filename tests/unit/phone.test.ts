import { describe, expect, it } from "vitest";
import { businessProfileSchema } from "~/domains/workspace/schemas/business-profile";
import { settingsBusinessProfileSchema } from "~/pages/settings/schemas/settings-business-profile";
import { DEFAULT_DIAL_CODE, DIAL_CODES, findDialCode } from "~/lib/phone/dial-codes";
import { splitPhone, toE164 } from "~/lib/phone/phone-number";
import { createTypeAhead, findTypeAheadMatch, TYPE_AHEAD_RESET_MS } from "~/lib/type-ahead";

describe("dial codes", () => {
  it("has about 200 entries with code, flag and name, one per code, sorted by name", () => {
    expect(DIAL_CODES.length).toBeGreaterThanOrEqual(190);
    expect(new Set(DIAL_CODES.map((entry) => entry.code)).size).toBe(DIAL_CODES.length);
    for (const entry of DIAL_CODES) {
      expect(entry.code).toMatch(/^\+\d{1,3}$/);
      expect([...entry.flag]).toHaveLength(2);
      expect(entry.name.length).toBeGreaterThan(2);
    }
    const names = DIAL_CODES.map((entry) => entry.name);
    expect([...names].sort((a, b) => a.localeCompare(b, "en"))).toEqual(names);
    expect(findDialCode("+1")).toMatchObject({ name: "United States and Canada", flag: "🇺🇸" });
    expect(findDialCode("+44")?.name).toBe("United Kingdom");
    expect(findDialCode("+49")?.name).toBe("Germany");
    expect(DEFAULT_DIAL_CODE).toBe("+1");
  });

  it("codes are prefix-free (a stored number has one code)", () => {
    const codes = DIAL_CODES.map((entry) => entry.code);
    for (const code of codes) expect(codes.filter((other) => other !== code && other.startsWith(code))).toEqual([]);
  });
});

describe("E.164", () => {
  it("combines the code and the number typed beside it", () => {
    expect(toE164("+1", "555 123 4567")).toBe("+15551234567");
    expect(toE164("+1", "(555) 123-4567")).toBe("+15551234567");
    expect(toE164("+44", "020 7946 0958")).toBe("+442079460958");
    expect(toE164("+39", "06 1234 5678")).toBe("+390612345678");
    expect(toE164("+1", "+44 20 7946 0958")).toBe("+442079460958");
    expect(toE164("+1", "0044 20 7946 0958")).toBe("+442079460958");
    expect(toE164("+998", "1234567890123")).toBeNull();
  });

  it("splits a stored phone back, and shows an old phone without a code as it was", () => {
    expect(splitPhone("+442079460958")).toEqual({ countryCode: "+44", number: "2079460958" });
    expect(splitPhone("+15551234567")).toEqual({ countryCode: "+1", number: "5551234567" });
    expect(splitPhone("+1 555 123 4567")).toEqual({ countryCode: "+1", number: "5551234567" });
    expect(splitPhone("+9981234567890")).toEqual({ countryCode: "+998", number: "1234567890" });
    expect(splitPhone("555 123 4567")).toEqual({ countryCode: "+1", number: "555 123 4567" });
    expect(splitPhone(null)).toEqual({ countryCode: "+1", number: "" });
  });

  it("the schemas take the code (default +1) and keep the spec's message", () => {
    const base = {
      storeName: "Ada's",
      businessTypes: ["online_store"],
      businessDescription: "Templates for makers",
      targetCustomers: "Crafters",
      termsAccepted: "on",
    };
    expect(businessProfileSchema.parse({ ...base, phone: "555 123 4567" }).phoneCountry).toBe("+1");
    expect(businessProfileSchema.parse({ ...base, phone: "20 7946 0958", phoneCountry: "+44" }).phoneCountry).toBe(
      "+44",
    );
    const tooLong = settingsBusinessProfileSchema.safeParse({ ...base, phone: "1234567890123", phoneCountry: "+998" });
    expect(tooLong.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["phone", "Please enter a valid phone number"],
    ]);
    expect(businessProfileSchema.safeParse({ ...base, phone: "555 123 4567", phoneCountry: "+999" }).success).toBe(
      false,
    );
  });
});

describe("type-ahead (resets after 1000 ms)", () => {
  const names = DIAL_CODES.map((entry) => entry.name);
  const at = (name: string) => names.indexOf(name);

  it("extends the prefix while keys come within the reset time, and starts again after it", () => {
    const typeAhead = createTypeAhead();
    expect(TYPE_AHEAD_RESET_MS).toBe(1000);
    expect(typeAhead.type("g", 0)).toBe("g");
    expect(typeAhead.type("e", 400)).toBe("ge");
    expect(typeAhead.type("r", 1400)).toBe("ger");
    expect(typeAhead.isTyping(2400)).toBe(true);
    expect(typeAhead.isTyping(2401)).toBe(false);
    expect(typeAhead.type("u", 2401)).toBe("u");
  });

  it("jumps to the first country whose name starts with the prefix, cycling on a repeated letter", () => {
    expect(findTypeAheadMatch(names, "ger", 0)).toBe(at("Germany"));
    expect(findTypeAheadMatch(names, "united k", 0)).toBe(at("United Kingdom"));
    expect(findTypeAheadMatch(names, "cote", 0)).toBe(at("Côte d'Ivoire"));
    expect(findTypeAheadMatch(names, "g", at("Gabon"))).toBe(at("Gambia"));
    expect(findTypeAheadMatch(names, "gg", at("Gabon"))).toBe(at("Gambia"));
    expect(findTypeAheadMatch(names, "zz", 0)).toBe(at("Zambia"));
    expect(findTypeAheadMatch(names, "qx", 0)).toBe(-1);
  });
});
