import Stripe from "stripe";
import { cardFailure } from "./card-failures.server";
import { type CardTerminal, type TerminalOutcome, TerminalReaderError } from "./payment-provider.server";

// Stripe Terminal, server-driven: a PaymentIntent for card_present is handed to a registered reader with
// process_payment_intent; the buyer taps, and Stripe's webhooks (payment_intent.succeeded,
// terminal.reader.action_failed) settle the order. Simulated readers (simulated-wpe) take test cards from the server.

type AnyReader = Stripe.Terminal.Reader | Stripe.Terminal.DeletedReader;

/** The reader's current action when it processes this PaymentIntent, else null. */
function actionFor(reader: AnyReader, paymentId: string): Stripe.Terminal.Reader.Action | null {
  const action = "action" in reader ? reader.action : null;
  const intent = action?.process_payment_intent?.payment_intent;
  return (typeof intent === "string" ? intent : intent?.id) === paymentId ? action : null;
}

/** The outcome a reader's last action shows for one PaymentIntent. */
function outcomeOf(reader: AnyReader, paymentId: string): TerminalOutcome {
  const action = actionFor(reader, paymentId);
  if (!action) return { outcome: "closed" };
  if (action.status === "succeeded") return { outcome: "approved" };
  if (action.status === "failed") return { outcome: "declined", message: cardFailure(action.failure_code).message };
  return { outcome: "closed" };
}

/** Stripe Terminal on the platform account; payments go to the seller's connected account as destination charges. */
export function stripeTerminal(stripe: Stripe): CardTerminal {
  return {
    async registerReader({ registrationCode, label, sellerId }) {
      try {
        const reader = await stripe.terminal.readers.create({
          registration_code: registrationCode,
          label,
          metadata: { sellkit_user_id: sellerId },
        });
        return { id: reader.id, label: reader.label, simulated: reader.device_type.startsWith("simulated_") };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new TerminalReaderError(error.message);
        throw error;
      }
    },
    async startPayment(readerId, payment) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: payment.amountCents,
          currency: payment.currency.toLowerCase(),
          allowed_payment_method_types: ["card_present"],
          capture_method: "automatic",
          description: payment.description,
          metadata: { order_id: payment.orderId },
          ...(payment.sellerAccountId
            ? { transfer_data: { destination: payment.sellerAccountId }, on_behalf_of: payment.sellerAccountId }
            : {}),
        },
        { idempotencyKey: `sellkit-terminal-${payment.orderId}` },
      );
      const reader = await stripe.terminal.readers.processPaymentIntent(readerId, { payment_intent: intent.id });
      return { paymentId: intent.id, simulated: reader.device_type.startsWith("simulated_") };
    },
    async presentTestCard(readerId, paymentId, cardNumber) {
      // After a declined card the reader stops: the payment is handed to it again for the next card.
      const current = await stripe.terminal.readers.retrieve(readerId);
      if (actionFor(current, paymentId)?.status !== "in_progress")
        await stripe.terminal.readers.processPaymentIntent(readerId, { payment_intent: paymentId });
      const reader = await stripe.testHelpers.terminal.readers.presentPaymentMethod(readerId, {
        type: "card_present",
        card_present: { number: cardNumber.replace(/\s/g, "") },
      });
      return outcomeOf(reader, paymentId);
    },
    async cancelPayment(readerId, paymentId) {
      const reader = await stripe.terminal.readers.retrieve(readerId);
      if (actionFor(reader, paymentId)?.status === "in_progress") await stripe.terminal.readers.cancelAction(readerId);
      const intent = await stripe.paymentIntents.retrieve(paymentId);
      if (intent.status !== "succeeded" && intent.status !== "canceled") await stripe.paymentIntents.cancel(paymentId);
    },
  };
}
