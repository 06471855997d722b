import type Stripe from "stripe";
import { cardFailure, PAYMENT_FAILED_MESSAGE } from "./card-failures.server";
import type { PaymentEvent } from "./payment-provider.server";
import { accountReadiness } from "./stripe-account-readiness.server";

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The order id a Checkout Session keeps (client_reference_id, else metadata.order_id). */
function orderIdOf(session: Stripe.Checkout.Session): { orderId?: string } {
  const orderId = session.client_reference_id ?? session.metadata?.order_id;
  return orderId ? { orderId } : {};
}

/** A Connect event's account (an event that happened on a connected account), when the event names one. */
function accountOf(event: Stripe.Event): { sellerAccountId?: string } {
  return event.account ? { sellerAccountId: event.account } : {};
}

/**
 * A reader's paid PaymentIntent as a payment of the order it carries; online payments are settled by their sessions.
 */
function readerPayment(intent: Stripe.PaymentIntent): PaymentEvent[] {
  if (intent.status !== "succeeded" || !intent.payment_method_types.includes("card_present")) return [];
  const orderId = intent.metadata?.order_id;
  return [
    {
      type: "payment.succeeded",
      checkoutId: intent.id,
      paymentId: intent.id,
      amountCents: intent.amount_received,
      currency: intent.currency,
      sellerAccountId: idOf(intent.transfer_data?.destination),
      ...(orderId ? { orderId } : {}),
    },
  ];
}

/** The PaymentIntent a reader's action processed, when it was a payment. */
function readerIntentOf(event: Stripe.Event): string | null {
  if (event.type !== "terminal.reader.action_succeeded" && event.type !== "terminal.reader.action_failed") return null;
  const action = event.data.object.action;
  return action?.type === "process_payment_intent" ? idOf(action.process_payment_intent?.payment_intent) : null;
}

/** The events of one Stripe event as the payload says them (none for the types Sellkit does not act on). */
function eventsOfPayload(event: Stripe.Event): PaymentEvent[] {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const paymentId = idOf(session.payment_intent);
      // A completed session with a delayed method (a bank debit) is not paid yet: async_payment_succeeded follows.
      if (session.payment_status !== "paid" || !paymentId) return [];
      return [
        {
          type: "payment.succeeded",
          checkoutId: session.id,
          paymentId,
          amountCents: session.amount_total ?? 0,
          currency: session.currency ?? "",
          ...orderIdOf(session),
          ...accountOf(event),
        },
      ];
    }
    case "checkout.session.async_payment_failed": {
      const session = event.data.object;
      const failure = { code: "async_payment_failed", message: PAYMENT_FAILED_MESSAGE };
      return [{ type: "payment.failed", checkoutId: session.id, failure, ...orderIdOf(session), ...accountOf(event) }];
    }
    case "checkout.session.expired":
      return [
        {
          type: "checkout.expired",
          checkoutId: event.data.object.id,
          ...orderIdOf(event.data.object),
          ...accountOf(event),
        },
      ];
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentId = idOf(charge.payment_intent);
      // The charge carries its PaymentIntent's order_id: a refund reported before the payment still finds its order.
      const orderId = charge.metadata?.order_id;
      const destination = event.account
        ? accountOf(event)
        : { sellerAccountId: idOf(charge.transfer_data?.destination) };
      return paymentId
        ? [
            {
              type: "payment.refunded",
              paymentId,
              refundedCents: charge.amount_refunded,
              ...(orderId ? { orderId } : {}),
              ...destination,
            },
          ]
        : [];
    }
    case "charge.dispute.created": {
      const paymentId = idOf(event.data.object.payment_intent);
      return paymentId ? [{ type: "dispute.opened", paymentId, ...accountOf(event) }] : [];
    }
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      const paymentId = idOf(dispute.payment_intent);
      return paymentId
        ? [{ type: "dispute.closed", paymentId, won: dispute.status === "won", ...accountOf(event) }]
        : [];
    }
    case "payment_intent.succeeded":
      return readerPayment(event.data.object);
    case "terminal.reader.action_failed": {
      const paymentId = readerIntentOf(event);
      const action = event.data.object.action;
      // The buyer's card was declined on the reader: the sale stays open for another card.
      return paymentId
        ? [{ type: "payment.failed", checkoutId: paymentId, failure: cardFailure(action?.failure_code) }]
        : [];
    }
    case "account.updated": {
      const account = event.data.object;
      return [{ type: "account.updated", accountId: account.id, ...accountReadiness(account) }];
    }
    default:
      return [];
  }
}

/**
 * A paid Checkout Session names no seller: its PaymentIntent's transfer destination is read from Stripe (null: the
 * platform kept it). A failed read throws, so Stripe retries the delivery.
 */
async function withDestination(stripe: Stripe, event: PaymentEvent): Promise<PaymentEvent> {
  if (event.type !== "payment.succeeded" || event.sellerAccountId !== undefined) return event;
  const intent = await stripe.paymentIntents.retrieve(event.paymentId);
  return { ...event, sellerAccountId: idOf(intent.transfer_data?.destination) };
}

/** The provider-neutral events of one verified Stripe event, each paid session completed with the seller it paid. */
export async function translateStripeEvent(stripe: Stripe, event: Stripe.Event): Promise<PaymentEvent[]> {
  // A reader's succeeded action names only its PaymentIntent: its amount and seller are read from Stripe.
  const readerIntent = event.type === "terminal.reader.action_succeeded" ? readerIntentOf(event) : null;
  if (readerIntent) return readerPayment(await stripe.paymentIntents.retrieve(readerIntent));
  return Promise.all(eventsOfPayload(event).map((e) => withDestination(stripe, e)));
}
