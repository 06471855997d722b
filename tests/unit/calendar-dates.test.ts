import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { registerSchema } from "~/domains/accounts/schemas/register";
import { discountCodeSchema } from "~/domains/discounts/schemas/discount-code";
import { eventFormSchema } from "~/flows/event-sales/schemas/event-form";
import { bioBlockSchema } from "~/domains/link-in-bio/schemas/bio-forms";
import { movePostSchema, postFormSchema } from "~/domains/social/schemas/post-form";
import { calendarDateField, localDateTimeField, optionalLocalDateTimeField } from "~/lib/form-fields";
import { isCalendarDate, isLocalDateTime } from "~/lib/text-formats";
import { utcToZonedLocal, zonedLocalToUtc } from "~/lib/zoned-time";

// The one rule for dates typed in forms or carried in links: a day that exists, in the years 1–9999 PostgreSQL stores.

describe("dates a form or a link may carry", () => {
  it("takes days of the years 1 to 9999 that exist, and no others", () => {
    for (const day of ["0001-01-01", "0050-02-28", "2024-02-29", "9999-12-31"])
      expect(isCalendarDate(day), day).toBe(true);
    for (const day of [
      "0000-01-01",
      "0000-12-31",
      "10000-01-01",
      "2026-02-30",
      "2026-02-29",
      "+02026-01-01",
      "2026-1-1",
    ])
      expect(isCalendarDate(day), day).toBe(false);
  });

  it("takes datetime-local times on such days, at times that exist", () => {
    for (const local of ["0001-01-01T00:00", "2026-12-01T10:00", "2026-12-01T10:00:59", "9999-12-31T23:59"])
      expect(isLocalDateTime(local), local).toBe(true);
    for (const local of [
      "0000-01-01T10:00",
      "10000-01-01T10:00",
      "2026-02-30T10:00",
      "2026-04-31T10:00",
      "2026-12-01T24:00",
      "2026-12-01T10:60",
      "2026-12-01T10:00:60",
      "2026-12-01 10:00",
      "",
    ])
      expect(isLocalDateTime(local), local).toBe(false);
  });

  it("gives one field message per refused value, as the zod rules of every form", () => {
    const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((issue) => issue.message);
    expect(issues(calendarDateField("Pick a day").safeParse("2026-02-30"))).toEqual(["Pick a day"]);
    expect(issues(calendarDateField("Pick a day").safeParse(" 2026-02-28 "))).toBeUndefined();
    expect(issues(localDateTimeField("Pick a time").safeParse("0000-06-01T10:00"))).toEqual(["Pick a time"]);
    expect(issues(localDateTimeField("Pick a time").safeParse(""))).toEqual(["Pick a time"]);
    expect(optionalLocalDateTimeField("Pick a time").safeParse(undefined)).toMatchObject({ success: true, data: "" });
    expect(issues(optionalLocalDateTimeField("Pick a time").safeParse("2026-02-30T10:00"))).toEqual(["Pick a time"]);
  });
});

describe("wall-clock times of the first centuries", () => {
  it("keeps the years 1 to 99 themselves, never 1900 to 1999", () => {
    expect(zonedLocalToUtc("0050-06-01T10:00", "UTC")?.toISOString()).toBe("0050-06-01T10:00:00.000Z");
    expect(zonedLocalToUtc("0001-01-01T00:00", "UTC")?.toISOString()).toBe("0001-01-01T00:00:00.000Z");
    const paris = zonedLocalToUtc("0099-07-14T12:00", "Europe/Paris")!;
    expect(paris.getUTCFullYear()).toBe(99);
    expect(utcToZonedLocal(paris, "Europe/Paris")).toBe("0099-07-14T12:00");
  });

  it("has no instant for a year 0, a year past 9999, or a day that does not exist", () => {
    for (const local of ["0000-01-01T10:00", "10000-01-01T10:00", "2026-02-30T10:00", "2026-02-29T10:00"])
      expect(zonedLocalToUtc(local, "Europe/Paris"), local).toBeNull();
  });
});

describe("every form that takes a date", () => {
  const fieldErrors = (schema: z.ZodType, value: Record<string, unknown>, field: string) =>
    (schema.safeParse(value).error?.issues ?? []).filter((issue) => issue.path[0] === field).map((i) => i.message);
  const forms: [string, z.ZodType, Record<string, unknown>, string][] = [
    ["event start", eventFormSchema, { intent: "save-event", name: "Fair", type: "craft_fairs" }, "startsAt"],
    ["event end", eventFormSchema, { intent: "save-event", name: "Fair", type: "craft_fairs" }, "endsAt"],
    ["discount start", discountCodeSchema("USD"), { code: "SAVE10", kind: "percent", percentOff: "10" }, "startsAt"],
    ["discount end", discountCodeSchema("USD"), { code: "SAVE10", kind: "percent", percentOff: "10" }, "endsAt"],
    ["post time", postFormSchema, { intent: "save-post", platform: "tiktok", status: "idea" }, "scheduledAt"],
    ["bio block from", bioBlockSchema, { kind: "link", title: "A", url: "https://a.example" }, "showFrom"],
    ["bio block until", bioBlockSchema, { kind: "link", title: "A", url: "https://a.example" }, "showUntil"],
  ];

  it.each(forms)(
    "refuses a %s on a day that does not exist or in a year the database has no day for",
    (_, schema, base, field) => {
      for (const value of ["2031-02-30T10:00", "2031-04-31T10:00", "0000-06-01T10:00", "10000-01-01T10:00"])
        expect(fieldErrors(schema, { ...base, [field]: value }, field), value).toHaveLength(1);
      expect(fieldErrors(schema, { ...base, [field]: "2031-02-28T10:00" }, field)).toEqual([]);
    },
  );

  it("refuses such a day as a post's new day and as a date of birth", () => {
    const postId = "0b7e4c1a-9a57-4d0e-8f0a-3c2b1a0f9e8d";
    for (const date of ["2031-02-30", "0000-01-01"]) {
      expect(fieldErrors(movePostSchema, { intent: "move-post", postId, date }, "date"), date).toHaveLength(1);
      expect(fieldErrors(registerSchema, { dateOfBirth: date }, "dateOfBirth"), date).toHaveLength(1);
    }
    expect(fieldErrors(movePostSchema, { intent: "move-post", postId, date: "2031-02-28" }, "date")).toEqual([]);
    expect(fieldErrors(registerSchema, { dateOfBirth: "1990-02-28" }, "dateOfBirth")).toEqual([]);
  });
});
