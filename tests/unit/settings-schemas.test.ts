import { describe, expect, it } from "vitest";
import { businessProfileSchema } from "~/domains/workspace/schemas/business-profile";
import { settingsBusinessProfileSchema } from "~/pages/settings/schemas/settings-business-profile";
import { deleteAccountSchema } from "~/pages/settings/schemas/settings-delete-account";
import { changeEmailSchema } from "~/pages/settings/schemas/settings-email";
import { changePasswordSchema } from "~/pages/settings/schemas/settings-password";
import { personalProfileSchema } from "~/pages/settings/schemas/settings-personal-profile";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

const BUSINESS = {
  phone: "+1 555 123 4567",
  storeName: "Ada's Atelier",
  businessTypes: ["online_store"],
  businessDescription: "Hand-drawn templates.",
  targetCustomers: "Makers",
};

describe("personal profile", () => {
  it("uses registration's name rules and messages", () => {
    expect(messages(personalProfileSchema.safeParse({ firstName: "A", lastName: " B " }))).toEqual({
      firstName: "First name must be at least 2 characters",
      lastName: "Last name must be at least 2 characters",
    });
    expect(personalProfileSchema.parse({ firstName: " Ada ", lastName: "Lovelace" })).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      removeAvatar: false,
    });
  });

  it("checks the picture's declared type and size like register step 2", () => {
    const svg = new File(["<svg/>"], "x.svg", { type: "image/svg+xml" });
    expect(
      messages(personalProfileSchema.safeParse({ firstName: "Ada", lastName: "Lovelace", avatar: svg })).avatar,
    ).toBe("Please choose an image file (PNG, JPEG, WebP or GIF)");
    const huge = new File([new Uint8Array(2 * 1024 * 1024 + 1)], "x.png", { type: "image/png" });
    expect(
      messages(personalProfileSchema.safeParse({ firstName: "Ada", lastName: "Lovelace", avatar: huge })).avatar,
    ).toBe("The image must be at most 2 MB");
    expect(
      personalProfileSchema.parse({ firstName: "Ada", lastName: "Lovelace", removeAvatar: "on" }).removeAvatar,
    ).toBe(true);
  });
});

describe("business profile", () => {
  it("is register step 2 without the terms and the picture", () => {
    expect(Object.keys(settingsBusinessProfileSchema.shape).sort()).toEqual(
      Object.keys(businessProfileSchema.shape)
        .filter((k) => k !== "termsAccepted" && k !== "profilePicture")
        .sort(),
    );
    expect(settingsBusinessProfileSchema.safeParse(BUSINESS).success).toBe(true);
  });

  it("keeps the registration messages", () => {
    expect(
      messages(
        settingsBusinessProfileSchema.safeParse({
          ...BUSINESS,
          phone: "12",
          storeName: "X",
          businessTypes: [],
          businessDescription: "short",
          targetCustomers: "abc",
          websiteUrl: "ftp://x",
        }),
      ),
    ).toEqual({
      phone: "Please enter a valid phone number",
      storeName: "Store name must be at least 2 characters",
      businessTypes: "Please select at least one business type",
      businessDescription: "Please provide a brief description of your business",
      targetCustomers: "Please describe your target customers",
      websiteUrl: "Please enter a valid URL",
    });
  });
});

describe("change email", () => {
  it("lower-cases a valid email and refuses others with the spec message", () => {
    expect(changeEmailSchema.parse({ newEmail: " New@Example.COM ", currentPassword: "x" }).newEmail).toBe(
      "new@example.com",
    );
    expect(messages(changeEmailSchema.safeParse({ newEmail: "nope", currentPassword: "x" })).newEmail).toBe(
      "Please enter a valid email address",
    );
  });
});

describe("change password", () => {
  const valid = { currentPassword: "old", password: "N3w&Distinct!pw", confirmPassword: "N3w&Distinct!pw" };
  it("accepts a strong, confirmed password", () => {
    expect(changePasswordSchema.safeParse(valid).success).toBe(true);
  });
  it("applies registration's rules and messages", () => {
    expect(
      messages(changePasswordSchema.safeParse({ ...valid, password: "Sh0rt!", confirmPassword: "Sh0rt!" })).password,
    ).toBe("Password must be at least 8 characters");
    expect(
      messages(
        changePasswordSchema.safeParse({ ...valid, password: "nouppercase1!", confirmPassword: "nouppercase1!" }),
      ).password,
    ).toBe("Password must contain uppercase, lowercase, number and special character");
    expect(messages(changePasswordSchema.safeParse({ ...valid, confirmPassword: "different" })).confirmPassword).toBe(
      "Passwords don't match",
    );
    expect(messages(changePasswordSchema.safeParse({ ...valid, currentPassword: "" })).currentPassword).toBe(
      "Please enter your current password",
    );
    expect(messages(changePasswordSchema.safeParse({ ...valid, password: `A1!a${"x".repeat(130)}` })).password).toBe(
      "Password must be at most 128 characters",
    );
  });
});

describe("delete account", () => {
  it("needs DELETE typed exactly", () => {
    expect(deleteAccountSchema.safeParse({ confirmation: "DELETE", currentPassword: "x" }).success).toBe(true);
    expect(deleteAccountSchema.safeParse({ confirmation: " DELETE " }).success).toBe(true);
    for (const confirmation of ["delete", "DELETE!", "", undefined]) {
      expect(messages(deleteAccountSchema.safeParse({ confirmation })).confirmation).toBe(
        "Please type DELETE to confirm",
      );
    }
  });
});
