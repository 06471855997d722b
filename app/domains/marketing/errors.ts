import type { ErrorSpec } from "~/lib/errors/common";

/** The marketing feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const MARKETING_ERRORS = {
  CONTACT_RATE_LIMITED: {
    status: 429,
    field: "form",
    message: "Too many messages. Please wait a while before writing again.",
  },
} as const satisfies Record<string, ErrorSpec>;
