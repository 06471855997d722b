import { z } from "zod";
import { ERRORS } from "~/lib/errors";

/** Whether this runtime's Intl knows `name` as an IANA time zone. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Settings → Time zone: an IANA zone checked with Intl, or empty for the browser's zone. */
export const timeZoneSchema = z.object({
  timeZone: z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .refine((value) => value === "" || isTimeZone(value), ERRORS.TIME_ZONE_INVALID.message),
});

export type TimeZoneInput = z.infer<typeof timeZoneSchema>;
