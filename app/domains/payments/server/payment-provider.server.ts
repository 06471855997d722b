import type { ProviderId } from "~/domains/payments/content/providers";
import type { ConnectionStatus } from "~/domains/payments/tables.server";

// The one interface every payment provider implements (test, Stripe, PayPal). Orders never call a provider's API
// directly: they call these methods and feed the PaymentEvents of verified webhooks into one state machine.

/** The provider id, declared beside the browser-safe provider list so pages and schemas share it. */
export type { ProviderId };

/** What the app asks a provider to collect, in integer minor units of `currency`. */
export type CheckoutRequest = {
  /**
   * The app's order id: the provider keeps it as its reference (Stripe client_reference_id/metadata, PayPal custom_id).
   */
  orderId: string;
  amountCents: number;
  currency: string;
  /** Sellkit's fee kept from the seller (Stripe application_fee_amount, PayPal platform_fees); 0 on paid plans. */
  platformFeeCents: number;
  /** What is bought, for the provider's page and receipt: "Mug ×2, E-book". */
  description: string;
  buyerEmail: string;
  /** The seller's account at the provider (acct_…, a PayPal merchant id); null for the test provider. */
  sellerAccountId: string | null;
  /** Where the provider sends the buyer back (absolute URLs on APP_URL). */
  successUrl: string;
  cancelUrl: string;
  /** When an unpaid checkout stops accepting payment. */
  expiresAt: Date;
};

export type HostedCheckout = {
  /** The provider's id of the checkout (cs_…, a PayPal order id, a test-provider checkout id). */
  checkoutId: string;
  /** Where the buyer's browser goes to pay. */
  redirectUrl: string;
};

/** A payment failure in the provider's code and in plain words for the buyer ("Your card was declined."). */
export type PaymentFailure = { code: string; message: string };

/** What a provider says about a checkout when asked (the reconciler, the return from the hosted page). */
export type PaymentStatus =
  /** `approved`: the buyer approved but no money moved yet; the app calls `capture` (PayPal's capture step). */
  | { state: "open"; approved?: true }
  | { state: "paid"; paymentId: string; amountCents: number; currency: string }
  | { state: "failed"; failure: PaymentFailure }
  | { state: "expired" };

/** What an order event may add: the app's order id the provider kept, and the account paid (null: the platform). */
export type OrderEventOrigin = { orderId?: string; sellerAccountId?: string | null };

/** The provider-neutral events one verified webhook translates to. */
export type PaymentEvent =
  | ({
      type: "payment.succeeded";
      checkoutId: string;
      paymentId: string;
      amountCents: number;
      currency: string;
    } & OrderEventOrigin)
  | ({ type: "payment.failed"; checkoutId: string; failure: PaymentFailure } & OrderEventOrigin)
  | ({ type: "checkout.expired"; checkoutId: string } & OrderEventOrigin)
  /** `refundedCents` is the payment's total refunded so far (providers report the running total). */
  | ({ type: "payment.refunded"; paymentId: string; refundedCents: number } & OrderEventOrigin)
  | ({ type: "dispute.opened"; paymentId: string } & OrderEventOrigin)
  | ({ type: "dispute.closed"; paymentId: string; won: boolean } & OrderEventOrigin)
  | {
      type: "account.updated";
      accountId: string;
      status: Exclude<ConnectionStatus, "not_connected">;
      details: Record<string, unknown>;
    };

export type VerifiedWebhook = {
  /** The provider's unique id of this delivery's event (evt_…, WH-…): stored unique with the provider. */
  eventId: string;
  /** The provider's event type (checkout.session.completed, PAYMENT.CAPTURE.COMPLETED…). */
  type: string;
  /** The parsed body, stored as received. */
  payload: unknown;
  events: PaymentEvent[];
};

export type RefundRequest = {
  paymentId: string;
  amountCents: number;
  currency: string;
  /** The part of the platform fee to give back (Stripe refund_application_fee; proportional for partial refunds). */
  feeRefundCents: number;
  sellerAccountId: string | null;
  /** Our refund row's id, as the idempotency key. */
  idempotencyKey: string;
};

export type RefundResult =
  | { refundId: string; status: "succeeded" | "pending" }
  | { status: "failed"; failure: PaymentFailure };

/** Which refund to look up: the payment, its checkout (a PayPal order lists its refunds) and the idempotency key. */
export type RefundLookup = { paymentId: string; checkoutId: string | null; idempotencyKey: string };

/** A refund as the provider holds it, with the payment's refunded total; `missing` when no refund has that key. */
export type FoundRefund =
  | { status: "succeeded" | "pending"; refundId: string; refundedCents: number }
  | { status: "failed"; refundId: string }
  | { status: "missing" };

/** Onboarding of a seller at the provider (Stripe Connect account links, PayPal partner referrals). */
export type SellerOnboarding = {
  /** Creates (or returns) the seller's account at the provider. */
  createAccount(input: { userId: string; email: string; country?: string }): Promise<{ accountId: string }>;
  /** A one-time URL where the seller completes onboarding at the provider. */
  onboardingUrl(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<string>;
  /** The account's readiness as the provider says it now. */
  accountStatus(
    accountId: string,
  ): Promise<{ status: Exclude<ConnectionStatus, "not_connected">; details: Record<string, unknown> }>;
};

/** Money a provider holds for a seller, per currency (Stripe's balance: pending and available). Currency upper-case. */
export type ProviderBalance = {
  pending: { amountCents: number; currency: string }[];
  available: { amountCents: number; currency: string }[];
};

/**
 * A payout the provider made (or is making) to the seller's bank: Stripe's pending, in_transit, paid, failed, canceled.
 */
export type ProviderPayout = {
  id: string;
  amountCents: number;
  currency: string;
  status: "pending" | "in_transit" | "paid" | "failed" | "canceled";
  /** When it is expected to arrive (or arrived) in the bank, as the provider says. */
  arrivalDate: Date;
  createdAt: Date;
};

/** A page of payouts, newest first; `hasMore` when another page follows the last one. */
export type ProviderPayoutPage = { payouts: ProviderPayout[]; hasMore: boolean };

/**
 * Reads a seller's balance and payouts at the provider; failures are thrown as PayoutsReadError so the page shows the
 * rest.
 */
export type ProviderPayouts = {
  balance(accountId: string): Promise<ProviderBalance>;
  listPayouts(accountId: string, page: { limit: number; startingAfter?: string }): Promise<ProviderPayoutPage>;
};

/**
 * Why reading a seller's balance or payouts failed: `unreachable` (network, provider error) or `refused` (the account).
 */
export class PayoutsReadError extends Error {
  constructor(
    readonly reason: "unreachable" | "refused",
    message: string,
  ) {
    super(message);
    this.name = "PayoutsReadError";
  }
}

/** Why a payouts read failed: the PayoutsReadError's reason; anything else means the provider could not be reached. */
export function payoutsReadReason(error: unknown): "refused" | "unreachable" {
  return error instanceof PayoutsReadError ? error.reason : "unreachable";
}

/** A card reader registered at the provider; `simulated` readers accept test cards presented by the server. */
export type TerminalReader = { id: string; label: string; simulated: boolean };

/** What a reader did with a presented card: the order itself moves only through the provider's webhook. */
export type TerminalOutcome =
  | { outcome: "approved" }
  | { outcome: "declined"; message: string }
  | { outcome: "closed" };

/**
 * One in-person card payment on a reader, in integer minor units; `sellerAccountId` receives it (null: the platform).
 */
export type TerminalPaymentRequest = {
  orderId: string;
  amountCents: number;
  currency: string;
  description: string;
  sellerAccountId: string | null;
};

/** Server-driven card readers (Stripe Terminal): register a reader, run a payment on it, cancel it. */
export type CardTerminal = {
  /** Registers a reader by the code it shows; throws TerminalReaderError when the provider refuses the code. */
  registerReader(input: { registrationCode: string; label: string; sellerId: string }): Promise<TerminalReader>;
  /** Creates the payment and hands it to the reader; answers the payment's id and whether the reader is simulated. */
  startPayment(readerId: string, payment: TerminalPaymentRequest): Promise<{ paymentId: string; simulated: boolean }>;
  /** Presents a test card on a simulated reader (what a buyer's tap does on a real one). */
  presentTestCard(readerId: string, paymentId: string, cardNumber: string): Promise<TerminalOutcome>;
  /** Stops the reader's action for this payment and cancels the payment, so nothing can pay it any more. */
  cancelPayment(readerId: string, paymentId: string): Promise<void>;
};

/** The provider refused a reader's registration code (unknown, used or expired), in the provider's words. */
export class TerminalReaderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TerminalReaderError";
  }
}

export interface PaymentProvider {
  readonly id: ProviderId;
  /** Creates a hosted checkout for one order. */
  createCheckout(request: CheckoutRequest): Promise<HostedCheckout>;
  /** Providers with a capture step (PayPal: the buyer approved, the app captures); the others omit it. */
  capture?(checkoutId: string): Promise<PaymentStatus>;
  /** Asks the provider about a checkout (the reconciler; the buyer's return from the hosted page). */
  getStatus(checkoutId: string): Promise<PaymentStatus>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Finds a refund whose answer was lost (the refund reconciler); providers whose refund answer cannot be lost omit it.
   */
  findRefund?(lookup: RefundLookup): Promise<FoundRefund>;
  /** Verifies a webhook delivery (signature and timestamp) and translates it; throws WebhookVerificationError. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): Promise<VerifiedWebhook>;
  onboarding?: SellerOnboarding;
  /** Card readers at the counter (Stripe Terminal); absent where the provider has none. */
  terminal?: CardTerminal;
  /**
   * The seller's balance and payouts (Stripe); absent where money is paid out at capture or kept in Sellkit's ledger.
   */
  payouts?: ProviderPayouts;
}

/**
 * The providers configured on this server, created once at start-up (services.payments); absent when not configured.
 */
export type PaymentProviders = Partial<Record<ProviderId, PaymentProvider>>;
