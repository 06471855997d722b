import type { ErrorSpec } from "~/lib/errors/common";

/** The pos feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const POS_ERRORS = {
  POS_SHIFT_NOT_FOUND: { status: 404, field: "form", message: "This register's shift was not found." },
  POS_SHIFT_CLOSED: { status: 409, field: "form", message: "This shift is closed. Open a new shift to sell." },
  POS_SHIFT_ALREADY_OPEN: { status: 409, field: "form", message: "This register already has an open shift." },
  POS_REGISTER_NOT_FOUND: { status: 404, field: "form", message: "This register was not found." },
  POS_PRODUCT_UNAVAILABLE: { status: 409, field: "lines", message: "A product in the cart is no longer for sale." },
  POS_PRICE_CHANGED: {
    status: 409,
    field: "lines",
    message: "A price in the cart has changed. Refresh the catalogue and try again.",
  },
  POS_PAYMENTS_MISMATCH: { status: 400, field: "payments", message: "The payments do not add up to the total." },
  POS_CASH_TOO_LOW: { status: 400, field: "tendered", message: "The cash tendered is less than the amount due." },
  POS_METHOD_NEEDS_CONNECTION: {
    status: 400,
    field: "payments",
    message: "Card and pay-on-phone payments need a connection.",
  },
  POS_SALE_CONFLICT: { status: 409, field: "form", message: "This sale was already recorded for another store." },
  POS_AMOUNT_INVALID: { status: 400, field: "amount", message: "Please enter an amount, like 12 or 12.50." },
  POS_REASON_REQUIRED: { status: 400, field: "reason", message: "Please say why cash goes in or out." },
  POS_CARD_UNAVAILABLE: {
    status: 503,
    field: "payments",
    message: "Card payments are not available right now. Please take cash or another method.",
  },
  POS_CARD_NOT_SPLIT: {
    status: 400,
    field: "payments",
    message: "A sale takes one card or pay-on-phone part. Please take the rest in cash or another way.",
  },
  POS_CHANGE_NOT_CASH: {
    status: 400,
    field: "payments",
    message: "Only cash gives change: a card or other part must be its exact amount.",
  },
  POS_READER_REFUSED: { status: 400, field: "registrationCode", message: "This reader could not be connected." },
  POS_READER_UNAVAILABLE: {
    status: 409,
    field: "registrationCode",
    message: "Card readers need Stripe to be set up on this server.",
  },
  POS_PAYMENT_NOT_FOUND: { status: 404, field: "form", message: "This payment was not found or is no longer open." },
  /** An offline sale sent after its shift's close, timed after the close (or ahead of the server's clock). */
  POS_SALE_AFTER_CLOSE: {
    status: 409,
    field: "form",
    message: "This sale was made after its shift was closed. Open a new shift and record the sale there.",
  },
  /** An offline sale for a closed shift timed before the shift opened or more than 30 days ago. */
  POS_SALE_TIME_INVALID: {
    status: 409,
    field: "form",
    message: "This sale's time is outside its shift, which is closed. Check the device's clock and record it again.",
  },
  /** An event's register takes only the methods of the seller's Event Sales setup. */
  POS_METHOD_NOT_ACCEPTED: {
    status: 400,
    field: "payments",
    message: "This event's register does not take this payment method. Take one your Event Sales setup accepts.",
  },
} as const satisfies Record<string, ErrorSpec>;
