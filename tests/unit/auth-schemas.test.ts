import { describe, expect, it } from "vitest";
import { businessProfileSchema } from "~/domains/workspace/schemas/business-profile";
import { forgotPasswordSchema } from "~/domains/accounts/schemas/forgot-password";
import { registerSchema } from "~/domains/accounts/schemas/register";
import { resetPasswordSchema } from "~/domains/accounts/schemas/reset-password";
import { signInSchema } from "~/domains/accounts/schemas/sign-in";
import { signupSchema } from "~/domains/accounts/schemas/signup";

function messages(
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  input: unknown,
) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  // The first message of each field: the one the form shows.
  const first: Record<string, string> = {};
  for (const issue of result.error!.issues) first[issue.path.join(".")] ??= issue.message;
  return first;
}

describe("the spec's messages", () => {
  it("sign in", () => {
    expect(messages(signInSchema, { email: "x", password: "12345" })).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 6 characters",
    });
  });

  it("register step 1", () => {
    expect(
      messages(registerSchema, {
        firstName: "A",
        lastName: "B",
        email: "bad",
        dateOfBirth: "",
        password: "short",
        confirmPassword: "x",
        captcha: "",
      }),
    ).toEqual({
      firstName: "First name must be at least 2 characters",
      lastName: "Last name must be at least 2 characters",
      email: "Please enter a valid email address",
      dateOfBirth: "Date of birth is required",
      password: "Password must be at least 8 characters",
      confirmPassword: "Passwords don't match",
      captcha: "Please complete the captcha verification",
    });
    expect(
      messages(registerSchema, {
        firstName: "Ada",
        lastName: "Lo",
        email: "a@b.co",
        dateOfBirth: "1990-01-01",
        password: "alllowercase1",
        confirmPassword: "alllowercase1",
        captcha: "x",
      }),
    ).toEqual({
      password: "Password must contain uppercase, lowercase, number and special character",
    });
  });

  it("register step 2", () => {
    expect(
      messages(businessProfileSchema, {
        phone: "123",
        storeName: "A",
        businessDescription: "short",
        targetCustomers: "abc",
        websiteUrl: "nope",
      }),
    ).toEqual({
      phone: "Please enter a valid phone number",
      storeName: "Store name must be at least 2 characters",
      businessTypes: "Please select at least one business type",
      businessDescription: "Please provide a brief description of your business",
      targetCustomers: "Please describe your target customers",
      websiteUrl: "Please enter a valid URL",
      termsAccepted: "You must accept the terms and conditions",
    });
    const ok = businessProfileSchema.parse({
      phone: "+1 555 123 4567",
      storeName: "Shop",
      businessTypes: ["events", "social_media"],
      businessDescription: "We sell things.",
      targetCustomers: "Makers",
      termsAccepted: "on",
      websiteUrl: "",
    });
    expect(ok).toMatchObject({
      businessTypes: ["events", "social_media"],
      websiteUrl: undefined,
      marketingConsent: false,
      preferredDelivery: [],
    });
    expect(
      Object.keys(messages(businessProfileSchema, { businessTypes: ["crypto_mining"] })).some((key) =>
        key.startsWith("businessTypes"),
      ),
    ).toBe(true);
  });

  it("/signup", () => {
    expect(
      messages(signupSchema, { email: "a@b.co", password: "short", confirmPassword: "other", captcha: "" }),
    ).toEqual({
      password: "Password must be at least 8 characters",
      confirmPassword: "Passwords don't match",
      captcha: "Please complete the CAPTCHA verification",
    });
  });

  it("forgot and reset password", () => {
    expect(messages(forgotPasswordSchema, { email: "   ", captcha: "x" })).toEqual({
      email: "Please enter your email address",
    });
    expect(messages(forgotPasswordSchema, { email: "a@b", captcha: "x" })).toEqual({
      email: "Please enter a valid email address",
    });
    expect(forgotPasswordSchema.parse({ email: "  Ada@Example.com ", captcha: "x" }).email).toBe("ada@example.com");
    expect(messages(resetPasswordSchema, { token: "t", password: "12345", confirmPassword: "1234" })).toEqual({
      password: "Password must be at least 6 characters",
      confirmPassword: "Passwords do not match",
    });
  });

  it("caps passwords at 128 characters", () => {
    expect(messages(signInSchema, { email: "a@b.co", password: "x".repeat(129) }).password).toBe(
      "Password must be at most 128 characters",
    );
  });
});
