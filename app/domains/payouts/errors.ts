import type { ErrorSpec } from "~/lib/errors/common";

/** The payouts feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const PAYOUTS_ERRORS = {
  PAYOUTS_PROVIDER_UNREACHABLE: {
    status: 503,
    field: "form",
    message:
      "Stripe could not be reached just now, so your Stripe balance and payouts are not shown. Your earnings below are up to date: try again in a moment.",
  },
  PAYOUTS_ACCOUNT_REFUSED: {
    status: 409,
    field: "form",
    message:
      "Stripe did not let Sellkit read this account's balance and payouts. Check your Stripe connection on the Payments page.",
  },
} as const satisfies Record<string, ErrorSpec>;
