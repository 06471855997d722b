import type { ErrorSpec } from "~/lib/errors/common";

/** The analytics feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const ANALYTICS_ERRORS = {
  ANALYTICS_RANGE_UNKNOWN: {
    status: 400,
    field: "range",
    message: "Please choose one of the ranges: last 7, 30 or 90 days, last 12 months, or your own dates.",
  },
  ANALYTICS_DATE_INVALID: { status: 400, field: "from", message: "Please enter dates as YYYY-MM-DD, like 2026-11-01." },
  ANALYTICS_RANGE_REVERSED: { status: 400, field: "to", message: "The end date must be on or after the start date." },
  ANALYTICS_RANGE_TOO_LONG: {
    status: 400,
    field: "to",
    message: "A custom range can be at most 2 years (731 days) long.",
  },
} as const satisfies Record<string, ErrorSpec>;
