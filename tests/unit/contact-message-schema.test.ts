import { describe, expect, it } from "vitest";
import { CONTACT_LIMITS, contactMessageSchema } from "~/domains/marketing/schemas/contact-message";

const valid = { name: "Ada", email: "ada@example.com", subject: "Payouts", message: "When do payouts arrive?" };

function errorsOf(input: unknown) {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("contact form schema", () => {
  it("accepts a complete message and trims it", () => {
    expect(contactMessageSchema.parse({ ...valid, name: "  Ada  " }).name).toBe("Ada");
  });

  it("requires all four fields", () => {
    expect(errorsOf({})).toEqual({
      name: "Please enter your name",
      email: "Please enter a valid email address",
      subject: "Please enter a subject",
      message: "Please enter your message",
    });
    expect(errorsOf({ name: "   ", email: "", subject: " ", message: "" })).toEqual({
      name: "Please enter your name",
      email: "Please enter a valid email address",
      subject: "Please enter a subject",
      message: "Please enter your message",
    });
  });

  it("rejects a malformed email with the spec's message", () => {
    expect(errorsOf({ ...valid, email: "ada@" })).toEqual({ email: "Please enter a valid email address" });
  });

  it("bounds every field", () => {
    expect(errorsOf({ ...valid, message: "x".repeat(CONTACT_LIMITS.message + 1) })).toEqual({
      message: `Message must be at most ${CONTACT_LIMITS.message} characters`,
    });
    expect(Object.keys(errorsOf({ ...valid, name: "x".repeat(CONTACT_LIMITS.name + 1) }))).toEqual(["name"]);
  });

  it("rejects wrong types without throwing", () => {
    expect(Object.keys(errorsOf({ ...valid, name: 42, email: ["a@b.co"] })).sort()).toEqual(["email", "name"]);
  });
});
