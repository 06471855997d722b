import type { ErrorSpec } from "~/lib/errors/common";

/** The discounts feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const DISCOUNTS_ERRORS = {
  // At checkout
  DISCOUNT_CODE_INVALID: { status: 400, field: "discountCode", message: "This discount code is not valid." },
  DISCOUNT_CODE_EXPIRED: { status: 400, field: "discountCode", message: "This discount code has expired." },
  DISCOUNT_CODE_NOT_STARTED: { status: 400, field: "discountCode", message: "This discount code is not active yet." },
  DISCOUNT_CODE_USED_UP: {
    status: 409,
    field: "discountCode",
    message: "This discount code has been used the maximum number of times.",
  },
  DISCOUNT_CODE_NOT_APPLICABLE: {
    status: 400,
    field: "discountCode",
    message: "This discount code does not apply to this product.",
  },
  DISCOUNT_CODE_MIN_AMOUNT: {
    status: 400,
    field: "discountCode",
    message: "Your order does not reach this discount code's minimum amount.",
  },
  /** This client already holds as many open checkouts with the code as one client may. */
  DISCOUNT_CODE_HELD: {
    status: 409,
    field: "discountCode",
    message:
      "You already have open checkouts with this discount code. Please finish one, or try again in a few minutes.",
  },
  DISCOUNT_CODE_RATE_LIMITED: {
    status: 429,
    field: "discountCode",
    message: "Too many discount code attempts. Please wait a few minutes and try again.",
  },
  // The seller's management
  /** Missing or another creator's code: the same answer either way. */
  DISCOUNT_NOT_FOUND: { status: 404, field: "form", message: "This discount code was not found." },
  DISCOUNT_CODE_TAKEN: {
    status: 409,
    field: "code",
    message: "You already have a discount code with this name (codes ignore upper and lower case).",
  },
  DISCOUNT_PRODUCT_NOT_FOUND: {
    status: 400,
    field: "productIds",
    message: "One of the chosen products is not in your store. Please reload the page and choose again.",
  },
  DISCOUNT_MAX_BELOW_USED: {
    status: 409,
    field: "maxRedemptions",
    message: "The maximum cannot be lower than the redemptions already counted.",
  },
  DISCOUNT_HAS_REDEMPTIONS: {
    status: 409,
    field: "form",
    message:
      "This code has been used, so it cannot be deleted (orders keep it). Archive it instead to stop accepting it.",
  },
  DISCOUNT_SAVE_FAILED: {
    status: 503,
    field: "form",
    message: "Your discount code could not be saved. Your changes are still in the form: please try again.",
  },
  DISCOUNT_ACTION_FAILED: { status: 503, field: "form", message: "That did not work. Please try again in a moment." },
} as const satisfies Record<string, ErrorSpec>;
