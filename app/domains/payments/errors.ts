import type { ErrorSpec } from "~/lib/errors/common";

/** The payments feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const PAYMENTS_ERRORS = {
  PAYMENT_PROVIDER_NOT_CONFIGURED: {
    status: 409,
    field: "form",
    message: "This payment provider is not set up on this server yet.",
  },
  PAYMENT_CONNECT_FAILED: {
    status: 503,
    field: "form",
    message: "The payment provider could not be reached. Nothing was changed: please try again in a moment.",
  },
  PAYMENT_ACCOUNT_NOT_FOUND: {
    status: 404,
    field: "form",
    message: "You have not connected this payment provider yet.",
  },
} as const satisfies Record<string, ErrorSpec>;
