import type { CardTerminal, PaymentProviders, ProviderId } from "~/domains/payments/server/payment-provider.server";
import { type TestProvider, testProviderOf } from "~/domains/payments/server/test-provider.server";

/**
 * A payment session on a reader (or on the buyer's phone): its id at the provider, the page that takes the card (none
 * on a physical reader) and whether the register may present test cards on it.
 */
export type ReaderSession = { sessionId: string; payUrl: string; testCards: boolean };

/** What a presented card did; the order itself moves only through the provider's webhook. */
export type ReaderOutcome = { outcome: "approved" } | { outcome: "declined"; message: string } | { outcome: "closed" };

/** A card reader for counter payments; a Stripe Terminal adapter would be a second implementation. */
export type CardReader = {
  /** The provider whose webhooks settle the reader's payments, kept on the order. */
  readonly providerId: ProviderId;
  start(payment: {
    orderId: string;
    amountCents: number;
    currency: string;
    description: string;
    returnUrl: string;
    expiresAt: Date;
    /** The seller's account at the provider, paid by the reader's payment (null: none connected). */
    sellerAccountId: string | null;
  }): Promise<ReaderSession>;
  present(sessionId: string, cardNumber: string): Promise<ReaderOutcome>;
  /** Closes the session so no card or phone can pay it any more. */
  cancel(sessionId: string): Promise<void>;
};

/**
 * The built-in test provider's simulated reader: the seller types or picks a test card, and the outcome arrives as a
 * signed webhook.
 */
export function simulatedCardReader(provider: TestProvider): CardReader {
  return {
    providerId: provider.id,
    async start(payment) {
      const hosted = await provider.createCheckout({
        orderId: payment.orderId,
        amountCents: payment.amountCents,
        currency: payment.currency,
        platformFeeCents: 0,
        description: payment.description,
        buyerEmail: "",
        sellerAccountId: null,
        successUrl: payment.returnUrl,
        cancelUrl: payment.returnUrl,
        expiresAt: payment.expiresAt,
      });
      return { sessionId: hosted.checkoutId, payUrl: hosted.redirectUrl, testCards: true };
    },
    async present(sessionId, cardNumber) {
      const result = await provider.submitCard(sessionId, cardNumber);
      if (result.outcome === "paid") return { outcome: "approved" };
      if (result.outcome === "declined") return { outcome: "declined", message: result.message };
      // A reader has no extra confirmation step: such a card is declined at the counter.
      if (result.outcome === "requires_action")
        return { outcome: "declined", message: "This card asks for a confirmation the reader cannot show." };
      return { outcome: "closed" };
    },
    cancel: (sessionId) => provider.expire(sessionId),
  };
}

/** A register's Stripe Terminal reader: the payment is processed on the reader and settled by Stripe's webhooks. */
export function terminalCardReader(terminal: CardTerminal, readerId: string): CardReader {
  return {
    providerId: "stripe",
    async start(payment) {
      const { paymentId, simulated } = await terminal.startPayment(readerId, payment);
      return { sessionId: paymentId, payUrl: "", testCards: simulated };
    },
    present: (sessionId, cardNumber) => terminal.presentTestCard(readerId, sessionId, cardNumber),
    cancel: (sessionId) => terminal.cancelPayment(readerId, sessionId),
  };
}

/**
 * The reader a register uses: its Stripe Terminal reader when Stripe is configured and one is connected, else the
 * test provider's simulated reader, else null (card payments are then refused).
 */
export function cardReaderOf(payments: PaymentProviders, terminalReaderId: string | null = null): CardReader | null {
  const terminal = payments.stripe?.terminal;
  if (terminal && terminalReaderId) return terminalCardReader(terminal, terminalReaderId);
  const test = testProviderOf(payments);
  return test ? simulatedCardReader(test) : null;
}
