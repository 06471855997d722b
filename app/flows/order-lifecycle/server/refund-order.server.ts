import { inTransaction } from "~/db/ambient-transaction.server";
import { formatMoney } from "~/lib/money";
import type { Database } from "~/db/database.server";
import type { PaymentProviders, ProviderId, RefundResult } from "~/domains/payments/server/payment-provider.server";
import { fail, type Failure } from "~/lib/errors";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail/mailer.server";
import type { RequestMeta } from "~/server/http/request-meta.server";
import { settleRefund } from "./settle-refund.server";
import { feeRefundFor } from "~/domains/orders/platform-fee";
import type { LineRefundRequest } from "~/domains/orders/order-lines";
import { type PricedLineRefund, priceLineRefund } from "~/domains/orders/server/price-line-refund.server";
import { partsOf, splitRefund, type Tenders, tenderSum } from "~/domains/orders/refund-tenders";
import { insertPendingRefund, lockOrderToRefund, markRefundUnknown } from "~/domains/orders/server/refund-rows.server";
import { sellerAccountId } from "~/domains/payments/server/seller-account-id.server";

export type RefundServices = {
  db: Database;
  mailer: Mailer;
  payments: PaymentProviders;
  logger: Logger;
  env: { APP_URL: string };
  /**
   * A register's refund: its shift, kept on the refund rows. Its payer pays the shares no provider takes back (cash
   * from the drawer, other methods) in their refund's transaction. Without it those shares cannot be refunded.
   */
  counter?: {
    shiftId: string;
    payOutside: (tx: Database, refund: OutsideRefund) => Promise<void>;
  };
};

/** The shares of a refund paid back outside the provider, and what the provider gave back just before. */
export type OutsideRefund = {
  orderId: string;
  refundId: string;
  amountCents: number;
  tenders: Tenders;
  providerCents: number;
};

export type RefundDone = {
  ok: true;
  refundId: string;
  amountCents: number;
  currency: string;
  /** The order's refunded total after this refund, and whether that is all of it (the order is then refunded). */
  refundedCents: number;
  full: boolean;
};

export type RefundFailure = Failure<
  | "ORDER_NOT_FOUND"
  | "ORDER_NOT_REFUNDABLE"
  | "REFUND_AMOUNT_INVALID"
  | "REFUND_AMOUNT_TOO_HIGH"
  | "REFUND_LINES_INVALID"
  | "REFUND_PROVIDER_UNAVAILABLE"
  | "REFUND_PROVIDER_FAILED"
  | "REFUND_FAILED"
  | "REFUND_UNCONFIRMED"
  | "REFUND_AT_REGISTER"
>;

type Reserved = {
  /** The provider's share's refund row. */
  refundId: string;
  provider: ProviderId;
  paymentId: string;
  currency: string;
  amountCents: number;
  feeRefundCents: number;
  /** What was refunded before this refund (the order's total, or our succeeded refunds if more). */
  refundedBefore: number;
  orderAmountCents: number;
  /** The shares paid back outside the provider once it has given its share back: their own refund row. */
  outside: { refundId: string; amountCents: number; tenders: Tenders } | null;
};

/**
 * A seller refunds an amount, or units of lines priced on the server, of their own paid order, by the tenders it was
 * paid with. The provider's share is recorded, then asked of the provider; then the shares paid back outside it.
 */
export async function refundOrder(
  services: RefundServices,
  sellerId: string,
  orderId: string,
  what: number | LineRefundRequest,
  meta: RequestMeta,
): Promise<RefundDone | RefundFailure> {
  if (typeof what === "number" && (!Number.isSafeInteger(what) || what < 1)) return fail("REFUND_AMOUNT_INVALID");
  const counter = services.counter ?? null;
  const settling = { db: services.db, mailer: services.mailer, appUrl: services.env.APP_URL };
  const reserved = await inTransaction(services.db, async (tx): Promise<Reserved | RefundDone | RefundFailure> => {
    const order = await lockOrderToRefund(tx, sellerId, orderId);
    if (!order) return fail("ORDER_NOT_FOUND");
    if (order.status !== "paid") return fail("ORDER_NOT_REFUNDABLE");
    // An online checkout's payment is one tender, the provider's; a counter sale's are its payment parts.
    const paid: Tenders = order.paid_tenders ?? { online: order.amount_cents };
    const provider = order.provider as ProviderId | null;
    const refundedBefore = Math.max(order.refunded_cents, order.succeeded_cents);
    const left = order.amount_cents - refundedBefore - order.in_flight_cents;
    let amountCents = typeof what === "number" ? what : 0;
    let lines: PricedLineRefund["lines"] = [];
    if (typeof what !== "number") {
      const priced = await priceLineRefund(tx, orderId, what, Math.max(0, left));
      if (!priced.ok) return priced;
      amountCents = priced.amountCents;
      lines = priced.lines;
      if (amountCents < 1) return fail("REFUND_AMOUNT_TOO_HIGH", refundTooHighMessage(left, order.currency));
    }
    if (amountCents > left) return fail("REFUND_AMOUNT_TOO_HIGH", refundTooHighMessage(left, order.currency));
    const shares = splitRefund(amountCents, paid, order.refunded_tenders ?? {});
    if (!shares) return fail("REFUND_AMOUNT_TOO_HIGH", refundTooHighMessage(left, order.currency));
    const parts = partsOf(shares);
    const providerCents = tenderSum(parts.provider);
    const outsideCents = tenderSum(parts.outside);
    if (outsideCents > 0 && !counter) return fail("REFUND_AT_REGISTER");
    if (providerCents > 0 && (!order.provider_payment_id || !provider || !services.payments[provider]))
      return fail(order.provider_payment_id ? "REFUND_PROVIDER_UNAVAILABLE" : "ORDER_NOT_REFUNDABLE");
    const providerFee = feeRefundFor(order.platform_fee_cents, providerCents, order.amount_cents);
    const insert = (cents: number, tenders: Tenders, feeCents: number, withLines: boolean) =>
      insertPendingRefund(tx, {
        orderId,
        amountCents: cents,
        feeRefundedCents: feeCents,
        lines: withLines ? lines : [],
        tenders,
        shiftId: counter?.shiftId ?? null,
      });
    // The units go with the shares paid back here, so a card share the provider refuses leaves them returnable.
    const providerRefundId =
      providerCents > 0 ? await insert(providerCents, parts.provider, providerFee, outsideCents === 0) : null;
    const outsideRefundId =
      outsideCents > 0
        ? await insert(
            outsideCents,
            parts.outside,
            feeRefundFor(order.platform_fee_cents, amountCents, order.amount_cents) - providerFee,
            true,
          )
        : null;
    if (!providerRefundId && outsideRefundId && counter) {
      await counter.payOutside(tx, {
        orderId,
        refundId: outsideRefundId,
        amountCents,
        tenders: parts.outside,
        providerCents: 0,
      });
      const refundedCents = Math.min(order.amount_cents, refundedBefore + amountCents);
      await settleRefund(
        { ...settling, db: tx },
        outsideRefundId,
        { status: "succeeded", providerRefundId: null, refundedCents },
        "counter_refund",
        meta,
      );
      const full = refundedCents >= order.amount_cents;
      return { ok: true, refundId: outsideRefundId, amountCents, currency: order.currency, refundedCents, full };
    }
    return {
      refundId: providerRefundId ?? "",
      provider: provider as ProviderId,
      paymentId: order.provider_payment_id ?? "",
      currency: order.currency,
      amountCents: providerCents,
      feeRefundCents: providerFee,
      refundedBefore,
      orderAmountCents: order.amount_cents,
      outside: outsideRefundId
        ? { refundId: outsideRefundId, amountCents: outsideCents, tenders: parts.outside }
        : null,
    };
  });
  if ("ok" in reserved) return reserved;

  const provider = services.payments[reserved.provider]!;
  // The shares paid back outside the provider are given up when its share is not given back for sure.
  const giveUpOutside = async () => {
    if (reserved.outside)
      await settleRefund(settling, reserved.outside.refundId, { status: "failed" }, "counter_refund", meta);
  };
  let answer: RefundResult;
  try {
    answer = await provider.refund({
      paymentId: reserved.paymentId,
      amountCents: reserved.amountCents,
      currency: reserved.currency,
      feeRefundCents: reserved.feeRefundCents,
      sellerAccountId: await sellerAccountId(services.db, sellerId, reserved.provider),
      idempotencyKey: reserved.refundId,
    });
  } catch (error) {
    services.logger.error(
      { err: error, orderId, refundId: reserved.refundId, provider: reserved.provider },
      "refund call failed",
    );
    await giveUpOutside();
    // The provider may have refunded before the answer was lost: where it can be asked, the reconciler settles it.
    if (provider.findRefund) {
      await markRefundUnknown(services.db, reserved.refundId);
      return fail("REFUND_UNCONFIRMED");
    }
    await settleRefund(settling, reserved.refundId, { status: "failed" }, "seller_refund", meta);
    return fail("REFUND_FAILED");
  }
  if (answer.status === "failed") {
    await giveUpOutside();
    await settleRefund(settling, reserved.refundId, { status: "failed" }, "seller_refund", meta);
    return fail(
      "REFUND_PROVIDER_FAILED",
      `The payment provider refused the refund: ${answer.failure.message} Nothing was refunded.`,
    );
  }

  // The provider accepted it ("pending" too: it counts the refund in the payment's refunded total from now on).
  const settled = await settleRefund(
    settling,
    reserved.refundId,
    {
      status: "succeeded",
      providerRefundId: answer.refundId,
      refundedCents: reserved.refundedBefore + reserved.amountCents,
    },
    "seller_refund",
    meta,
  );
  // Null only when the reconciler settled it meanwhile, from the same provider's answer.
  let refundedCents =
    settled?.status === "succeeded"
      ? settled.refundedCents
      : Math.min(reserved.orderAmountCents, reserved.refundedBefore + reserved.amountCents);
  let refundId = reserved.refundId;
  let amountCents = reserved.amountCents;
  const outside = reserved.outside;
  if (outside && counter) {
    try {
      const paidOut = await inTransaction(services.db, async (tx) => {
        await counter.payOutside(tx, {
          orderId,
          refundId: outside.refundId,
          amountCents: outside.amountCents,
          tenders: outside.tenders,
          providerCents: reserved.amountCents,
        });
        return settleRefund(
          { ...settling, db: tx },
          outside.refundId,
          {
            status: "succeeded",
            providerRefundId: null,
            refundedCents: Math.min(reserved.orderAmountCents, refundedCents + outside.amountCents),
          },
          "counter_refund",
          meta,
        );
      });
      refundedCents =
        paidOut?.status === "succeeded"
          ? paidOut.refundedCents
          : Math.min(reserved.orderAmountCents, refundedCents + outside.amountCents);
      refundId = outside.refundId;
      amountCents += outside.amountCents;
    } catch (error) {
      await giveUpOutside();
      throw error;
    }
  }
  const full = refundedCents >= reserved.orderAmountCents;
  return { ok: true, refundId, amountCents, currency: reserved.currency, refundedCents, full };
}

function refundTooHighMessage(leftCents: number, currency: string): string {
  if (leftCents <= 0) return "Nothing is left to refund on this order.";
  return `You can refund at most ${formatMoney(leftCents, currency)}, what is left of the order's amount.`;
}
