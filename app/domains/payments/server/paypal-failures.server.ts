import type { PaymentFailure } from "./payment-provider.server";

const DECLINED = "PayPal declined this payment. Please try again with another payment method.";

const PAYPAL_FAILURE_MESSAGES: Record<string, string> = {
  INSTRUMENT_DECLINED: DECLINED,
  PAYER_ACTION_REQUIRED: "PayPal needs you to confirm this payment. Please try again.",
  PAYER_CANNOT_PAY: "PayPal cannot take this payment from your account. Please use another payment method.",
  TRANSACTION_REFUSED: DECLINED,
  DENIED: DECLINED,
};

/** The buyer's plain-words failure for a PayPal issue code, so a wallet decline reads like a card decline. */
export function paypalFailure(code: string): PaymentFailure {
  return {
    code,
    message: PAYPAL_FAILURE_MESSAGES[code] ?? "Your PayPal payment could not be completed. Please try again.",
  };
}
