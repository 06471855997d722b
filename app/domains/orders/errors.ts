import type { ErrorSpec } from "~/lib/errors/common";

/** The orders feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const ORDERS_ERRORS = {
  ORDER_NOT_FOUND: { status: 404, field: "form", message: "This order was not found." },
  // Webhook intake
  /** A webhook for a provider this server lacks. */
  WEBHOOK_PROVIDER_UNKNOWN: { status: 404, field: "form", message: "Unknown payment provider." },
  WEBHOOK_INVALID: { status: 400, field: "form", message: "Webhook signature verification failed." },
  /** A verified order event whose order is not found (yet): not acknowledged, so the provider delivers it again. */
  WEBHOOK_ORDER_NOT_FOUND: {
    status: 503,
    field: "form",
    message: "The order of this event was not found yet. Please retry.",
  },
  // Refunds
  REFUND_AMOUNT_INVALID: {
    status: 400,
    field: "amount",
    message: "Please enter an amount to refund, like 12 or 12.50.",
  },
  REFUND_AMOUNT_TOO_HIGH: {
    status: 400,
    field: "amount",
    message: "You cannot refund more than what is left of the order's amount.",
  },
  REFUND_LINES_INVALID: {
    status: 400,
    field: "form",
    message: "Please choose the units to refund: at most what is left of each line.",
  },
  ORDER_NOT_REFUNDABLE: { status: 409, field: "form", message: "Only paid orders can be refunded." },
  REFUND_PROVIDER_UNAVAILABLE: {
    status: 409,
    field: "form",
    message:
      "This order was paid through a payment provider that is not configured on this server, so it cannot be refunded here. Refund it in the provider's dashboard.",
  },
  REFUND_PROVIDER_FAILED: {
    status: 502,
    field: "form",
    message: "The payment provider refused the refund. Nothing was refunded.",
  },
  REFUND_FAILED: {
    status: 503,
    field: "form",
    message: "The refund could not be completed. Please try again in a moment.",
  },
  REFUND_UNCONFIRMED: {
    status: 504,
    field: "form",
    message:
      "The payment provider did not confirm the refund. It is shown as pending confirmation and checked with the provider within minutes: do not refund it again.",
  },
  /** A counter sale's cash or other share: only a register's refund pays it back. */
  REFUND_AT_REGISTER: {
    status: 409,
    field: "form",
    message:
      "Part of this refund goes back in cash or another way paid at the counter. Refund it at an open register shift.",
  },
  // Fulfilment
  FULFILMENT_NOTHING_TO_SHIP: {
    status: 400,
    field: "form",
    message: "Please enter how many units you are shipping for at least one line.",
  },
  FULFILMENT_QUANTITY_TOO_HIGH: {
    status: 409,
    field: "form",
    message: "You cannot ship more units than are left to ship. Reload the page to see what is left.",
  },
  /** A line id that is not one of the order's physical lines. */
  FULFILMENT_LINE_NOT_FOUND: {
    status: 400,
    field: "form",
    message: "One of these lines is not a product to ship in this order. Reload the page and try again.",
  },
  ORDER_NOT_FULFILLABLE: { status: 409, field: "form", message: "Only paid orders can be fulfilled." },
  TRACKING_URL_INVALID: {
    status: 400,
    field: "trackingUrl",
    message: "Please enter a tracking link starting with http:// or https://, or leave it empty.",
  },
  // Resending the receipt
  RECEIPT_NOT_RESENDABLE: { status: 409, field: "form", message: "Only paid orders have a receipt to send again." },
  RECEIPT_RESEND_RATE_LIMITED: {
    status: 429,
    field: "form",
    message: "This receipt was sent again several times in the last hour. Please wait before sending it again.",
  },
} as const satisfies Record<string, ErrorSpec>;
