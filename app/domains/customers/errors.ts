import type { ErrorSpec } from "~/lib/errors/common";

/** The customers feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const CUSTOMERS_ERRORS = {
  CUSTOMER_NOT_FOUND: {
    status: 404,
    field: "form",
    message: "No customer with this email has bought from your store.",
  },
  // Email subscriptions
  SUBSCRIPTION_NOT_FOUND: { status: 404, field: "form", message: "This unsubscribe link is not valid." },
  SUBSCRIPTION_CONFIRMATION_NOT_FOUND: {
    status: 404,
    field: "form",
    message: "This confirmation link is not valid or has expired. Sign up again to get a new one.",
  },
} as const satisfies Record<string, ErrorSpec>;
