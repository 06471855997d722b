import type { PaymentFailure } from "~/domains/payments/server/payment-provider.server";

// Card failures in plain words for the buyer, keyed by Stripe's decline and error codes, which the test cards share.
// Lost or stolen cards read as a plain decline.

const DECLINED = "Your card was declined.";

/** The buyer's message per Stripe decline or error code. */
export const CARD_FAILURE_MESSAGES: Record<string, string> = {
  card_declined: DECLINED,
  generic_decline: DECLINED,
  do_not_honor: DECLINED,
  lost_card: DECLINED,
  stolen_card: DECLINED,
  pickup_card: DECLINED,
  fraudulent: DECLINED,
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card’s security code is incorrect.",
  invalid_cvc: "Your card’s security code is incorrect.",
  incorrect_number: "Your card number is incorrect.",
  invalid_number: "Your card number is incorrect.",
  invalid_expiry_month: "Your card’s expiration month is invalid.",
  invalid_expiry_year: "Your card’s expiration year is invalid.",
  card_velocity_exceeded: "Your card was declined: it has reached its spending limit.",
  withdrawal_count_limit_exceeded: "Your card was declined: it has reached its spending limit.",
  currency_not_supported: "Your card does not support this currency.",
  card_not_supported: "Your card does not support this type of purchase.",
  authentication_required: "Your bank asked to confirm this payment and it was not confirmed. Please try again.",
  processing_error: "An error occurred while processing your card. Please try again.",
  try_again_later: "Your card could not be charged right now. Please try again in a moment.",
};

/** What the buyer reads when nothing more precise is known. */
export const PAYMENT_FAILED_MESSAGE = "Your payment could not be completed. Please try again or use another card.";

/** The plain-words failure of a card payment: the decline code first (the bank's reason), then the error code. */
export function cardFailure(code: string | null | undefined, declineCode?: string | null): PaymentFailure {
  for (const candidate of [declineCode, code]) {
    if (candidate && Object.hasOwn(CARD_FAILURE_MESSAGES, candidate))
      return { code: candidate, message: CARD_FAILURE_MESSAGES[candidate]! };
  }
  return { code: declineCode || code || "payment_failed", message: PAYMENT_FAILED_MESSAGE };
}
