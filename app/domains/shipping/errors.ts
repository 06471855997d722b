import type { ErrorSpec } from "~/lib/errors/common";

/** The shipping feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const SHIPPING_ERRORS = {
  /** No zone of the seller serves the buyer's country; the message names it. */
  SHIPPING_COUNTRY_UNSERVED: { status: 400, field: "country", message: "We don't ship to this country yet." },
  SHIPPING_ZONE_NOT_FOUND: { status: 404, field: "form", message: "This shipping zone was not found." },
  /** A zone names a country another zone of the seller already serves; the message names both. */
  SHIPPING_COUNTRY_TAKEN: { status: 409, field: "countries", message: "A country can be in only one zone." },
  SHIPPING_SAVE_FAILED: {
    status: 503,
    field: "form",
    message: "Your shipping settings could not be saved. Please try again.",
  },
} as const satisfies Record<string, ErrorSpec>;
