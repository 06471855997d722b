// What the payouts page shows (browser-safe).

import type { ProviderId } from "~/domains/payments/content/providers";

export const PAYOUTS_PATH = "/payouts";

/** Payouts per page of a list. */
export const PAYOUTS_PAGE_SIZE = 10;

/** What a creator earned through one provider, in the store currency. */
export type ProviderEarnings = {
  provider: ProviderId | "none";
  orders: number;
  grossCents: number;
  refundsCents: number;
  feesCents: number;
  netCents: number;
};

export type Earnings = {
  currency: string;
  orders: number;
  grossCents: number;
  refundsCents: number;
  feesCents: number;
  netCents: number;
  byProvider: ProviderEarnings[];
  /** Sales in other currencies than the store's (not in the figures). */
  otherCurrencyOrders: number;
};

export type PayoutStatus = "pending" | "in_transit" | "paid" | "failed" | "canceled";

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: "Pending",
  in_transit: "In transit",
  paid: "Paid",
  failed: "Failed",
  canceled: "Canceled",
};

/** One payout in a list: its arrival day as the provider gives it ("2026-11-24"). */
export type PayoutRow = { id: string; amountCents: number; currency: string; status: PayoutStatus; arrivalDay: string };

export type BalanceFigure = { currency: string; pendingCents: number; availableCents: number };

/** The next payout; `payoutDay` is null when only its arrival is known (Stripe). */
export type NextPayout = { currency: string; payoutDay: string | null; arrivalDay: string; amountCents: number };

/** Of a provider's payouts, the one on its way that arrives first; null when none is. */
export function upcomingPayout(payouts: readonly PayoutRow[]): NextPayout | null {
  const coming = payouts.filter((payout) => payout.status === "pending" || payout.status === "in_transit");
  const first = coming.reduce<PayoutRow | null>(
    (best, payout) => (!best || payout.arrivalDay < best.arrivalDay ? payout : best),
    null,
  );
  return first
    ? { currency: first.currency, payoutDay: null, arrivalDay: first.arrivalDay, amountCents: first.amountCents }
    : null;
}

/** A captured PayPal payment: the money reached the seller's PayPal account then. */
export type PayPalCapture = {
  id: string;
  productName: string;
  amountCents: number;
  refundedCents: number;
  currency: string;
  paidAt: string;
};

/** Sums what a creator earned across providers. */
export function totalEarnings(currency: string, byProvider: ProviderEarnings[], otherCurrencyOrders: number): Earnings {
  const sum = (key: "orders" | "grossCents" | "refundsCents" | "feesCents" | "netCents") =>
    byProvider.reduce((total, entry) => total + entry[key], 0);
  return {
    currency,
    orders: sum("orders"),
    grossCents: sum("grossCents"),
    refundsCents: sum("refundsCents"),
    feesCents: sum("feesCents"),
    netCents: sum("netCents"),
    byProvider,
    otherCurrencyOrders,
  };
}

/** "2026-11-24" as "Tue, Nov 24, 2026", with no time zone shift. */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}
