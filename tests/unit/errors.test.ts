import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ERROR_DOMAINS,
  ERRORS,
  type ErrorCode,
  fail,
  fieldOf,
  formErrorsOf,
  isErrorBody,
  isErrorCode,
  mergeErrorDomains,
  statusOf,
} from "~/lib/errors";

describe("the error catalogue", () => {
  const codes = Object.keys(ERRORS) as ErrorCode[];

  it("gives every code a client or server error status, a field and a message ending like a sentence", () => {
    for (const code of codes) {
      const { status, field, message } = ERRORS[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(field.length, code).toBeGreaterThan(0);
      // …or with an acronym, as the spec's verbatim 'Failed to disable 2FA' does.
      expect(message, code).toMatch(/(?:[.a-z]|\b2FA)$/);
    }
  });

  it("declares each code in one domain only and merges every feature's errors.ts", () => {
    const declared = Object.values(ERROR_DOMAINS).flatMap((domain) => Object.keys(domain));
    expect(declared.filter((code, index) => declared.indexOf(code) !== index)).toEqual([]);
    expect(Object.keys(ERRORS).sort()).toEqual(declared.sort());
    const folders = ["app/domains", "app/flows", "app/pages"].flatMap((root) =>
      readdirSync(root).filter((name) => readdirSync(`${root}/${name}`).includes("errors.ts")),
    );
    expect(Object.keys(ERROR_DOMAINS).sort()).toEqual(["common", ...folders].sort());
  });

  it("refuses, as a type error, a code that two domains declare", () => {
    const taken = { status: 409, field: "form", message: "Taken." } as const;
    // @ts-expect-error TAKEN is declared by both domains.
    mergeErrorDomains({ one: { TAKEN: taken }, two: { TAKEN: taken } });
    expect(mergeErrorDomains({ one: { TAKEN: taken }, two: { FREE: taken } })).toEqual({ TAKEN: taken, FREE: taken });
  });

  it("answers every rate limit with 429 (re-authentication too, wherever it is asked)", () => {
    for (const code of codes.filter((c) => c.endsWith("RATE_LIMITED"))) expect(statusOf(code), code).toBe(429);
  });

  it("puts a failure on its field, or on the form, with the catalogue's message unless a precise one is given", () => {
    expect(formErrorsOf(fail("CURRENT_PASSWORD_WRONG"))).toEqual({
      fieldErrors: { currentPassword: ["Current password is incorrect"] },
    });
    expect(formErrorsOf(fail("CURRENT_PASSWORD_WRONG"), { currentPassword: "password" })).toEqual({
      fieldErrors: { password: ["Current password is incorrect"] },
    });
    expect(formErrorsOf(fail("SIGN_IN_RATE_LIMITED"))).toEqual({ formErrors: [ERRORS.SIGN_IN_RATE_LIMITED.message] });
    expect(fail("PASSWORD_REJECTED", "Password too short").message).toBe("Password too short");
    expect(fieldOf("SIGN_IN_FAILED")).toBeNull();
  });

  it("recognises its own codes and error bodies only", () => {
    expect(isErrorCode("NUL_CHARACTER")).toBe(true);
    expect(isErrorCode("rate_limit")).toBe(false);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorBody({ code: "UNSUPPORTED_FORM", message: ERRORS.UNSUPPORTED_FORM.message })).toBe(true);
    expect(isErrorBody("You made a POST request but did not provide an action")).toBe(false);
    expect(isErrorBody({ code: "nope", message: "x" })).toBe(false);
  });
});
