import type { ErrorSpec } from "~/lib/errors/common";

/** The checkout feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const CHECKOUT_ERRORS = {
  CHECKOUT_PRODUCT_UNAVAILABLE: { status: 404, field: "form", message: "This product is not for sale right now." },
  CHECKOUT_EMAIL_INVALID: { status: 400, field: "email", message: "Please enter a valid email address" },
  CHECKOUT_AMOUNT_TOO_LOW: { status: 400, field: "amount", message: "Please enter at least the minimum price." },
  CHECKOUT_AMOUNT_INVALID: { status: 400, field: "amount", message: "Please enter an amount, like 12 or 12.50." },
  CHECKOUT_SELLER_NOT_READY: {
    status: 409,
    field: "form",
    message: "This seller cannot take payments yet. Please try again later, or contact the seller.",
  },
  CHECKOUT_RATE_LIMITED: {
    status: 429,
    field: "form",
    message: "Too many checkout attempts. Please wait a minute and try again.",
  },
  CHECKOUT_FAILED: {
    status: 503,
    field: "form",
    message: "The checkout could not be started. Nothing was charged: please try again.",
  },
  /** The discounted total is above 0 but below the smallest chargeable amount. */
  CHECKOUT_TOTAL_BELOW_MINIMUM: {
    status: 400,
    field: "discountCode",
    message:
      "With this discount the total is below the smallest amount we can charge, so this code cannot be used for this product.",
  },
  CHECKOUT_PROVIDER_UNAVAILABLE: {
    status: 400,
    field: "form",
    message: "This way of paying is not available for this product. Please choose another one.",
  },
  /** A missing TEST MODE checkout, or the test provider is off. */
  TEST_CHECKOUT_NOT_FOUND: { status: 404, field: "form", message: "This test checkout does not exist." },
  /** A physical product's variant missing, archived or of another product. */
  CHECKOUT_VARIANT_UNAVAILABLE: {
    status: 400,
    field: "variantId",
    message: "Please choose an option of this product.",
  },
  CHECKOUT_QUANTITY_INVALID: { status: 400, field: "quantity", message: "Please enter a quantity from 1 to 99." },
  /** Lines of several sellers or currencies, or too many lines, in one checkout. */
  CHECKOUT_LINES_MIXED: {
    status: 400,
    field: "form",
    message: "These products cannot be bought together. Please check out each store separately.",
  },
  /** Physical lines with no shipping address. */
  CHECKOUT_ADDRESS_REQUIRED: { status: 400, field: "country", message: "Please enter where to ship your order." },
  /** Physical lines with no shipping option chosen, or one that does not serve the address. */
  CHECKOUT_SHIPPING_RATE_REQUIRED: {
    status: 400,
    field: "shippingRateId",
    message: "Please choose a shipping option.",
  },
} as const satisfies Record<string, ErrorSpec>;
