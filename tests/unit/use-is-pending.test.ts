import { describe, expect, it } from "vitest";
import { isPendingSubmission, type PendingSource } from "~/lib/use-is-pending";

const ACTION = "/settings";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

function submitting(fields: Record<string, string>, overrides: Partial<PendingSource> = {}): PendingSource {
  return {
    state: "submitting",
    formMethod: "POST",
    formAction: ACTION,
    formData: form(fields),
    ...overrides,
  } as PendingSource;
}

const idle = { state: "idle", formMethod: undefined, formAction: undefined, formData: undefined } as PendingSource;
const linkClick = {
  state: "loading",
  formMethod: undefined,
  formAction: undefined,
  formData: undefined,
} as PendingSource;

describe("isPendingSubmission", () => {
  it("is pending while this route's form is sent, and its reload after the action by default", () => {
    expect(isPendingSubmission(submitting({}), { formAction: ACTION })).toBe(true);
    expect(isPendingSubmission(submitting({}, { state: "loading" }), { formAction: ACTION })).toBe(true);
    expect(isPendingSubmission(idle, { formAction: ACTION })).toBe(false);
  });

  it("is not pending for a link click, a GET search or a form of another action", () => {
    expect(isPendingSubmission(linkClick, { formAction: ACTION })).toBe(false);
    expect(isPendingSubmission(submitting({}, { state: "loading", formMethod: "GET" }), { formAction: ACTION })).toBe(
      false,
    );
    expect(isPendingSubmission(submitting({}, { formAction: "/logout" }), { formAction: ACTION })).toBe(false);
    expect(isPendingSubmission(submitting({}, { formAction: `${ACTION}?index` }), { formAction: ACTION })).toBe(false);
  });

  it("tells the forms of one page apart by their intent", () => {
    const sent = submitting({ intent: "change-email" });
    expect(isPendingSubmission(sent, { formAction: ACTION, intent: "change-email" })).toBe(true);
    expect(isPendingSubmission(sent, { formAction: ACTION, intent: "change-password" })).toBe(false);
    expect(isPendingSubmission(submitting({}), { formAction: ACTION, intent: "change-email" })).toBe(false);
  });

  it("keeps to the asked state and method", () => {
    const reloading = submitting({ intent: "save" }, { state: "loading" });
    expect(isPendingSubmission(reloading, { formAction: ACTION, intent: "save", state: "submitting" })).toBe(false);
    expect(isPendingSubmission(reloading, { formAction: ACTION, intent: "save", state: "loading" })).toBe(true);
    const search = submitting({}, { state: "loading", formMethod: "GET" });
    expect(isPendingSubmission(search, { formAction: ACTION, formMethod: "GET", state: "loading" })).toBe(true);
  });

  it("reads a fetcher the same way, without form data for a JSON body", () => {
    const fetcher = {
      state: "submitting",
      formMethod: "POST",
      formAction: "/files",
      formData: undefined,
    } as PendingSource;
    expect(isPendingSubmission(fetcher, { formAction: "/files" })).toBe(true);
    expect(isPendingSubmission(fetcher, { formAction: "/files", intent: "rename" })).toBe(false);
  });
});
