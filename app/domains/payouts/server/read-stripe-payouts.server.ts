import type { PaymentProviders } from "~/domains/payments/server/payment-provider.server";
import { payoutsReadReason } from "~/domains/payments/server/payment-provider.server";
import { type BalanceFigure, PAYOUTS_PAGE_SIZE, type PayoutRow } from "~/domains/payouts/payouts-display";
import { fail, type Failure } from "~/lib/errors";
import type { Logger } from "~/server/logger.server";

export type StripePayouts = {
  ok: true;
  balances: BalanceFigure[];
  payouts: PayoutRow[];
  /** The id to start the next page after, when Stripe has more. */
  nextAfter: string | null;
  /** When Stripe answered (ISO). */
  readAt: string;
};

export type StripePayoutsFailure = Failure<"PAYOUTS_PROVIDER_UNREACHABLE" | "PAYOUTS_ACCOUNT_REFUSED">;

/** A Stripe payout id as the page's `stripe_after` parameter may carry it; anything else is ignored. */
export function parseStripePayoutCursor(value: string | null): string | null {
  return value && /^po_[A-Za-z0-9]{1,64}$/.test(value) ? value : null;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The creator's Stripe balance and one page of payouts, read from Stripe now.
 * A failure is an error code, logged without secrets, so the rest of the page still shows.
 */
export async function readStripePayouts(
  services: { payments: PaymentProviders; logger: Logger },
  accountId: string,
  startingAfter: string | null,
): Promise<StripePayouts | StripePayoutsFailure> {
  const reader = services.payments.stripe?.payouts;
  if (!reader) return fail("PAYOUTS_PROVIDER_UNREACHABLE");
  try {
    const [balance, page] = await Promise.all([
      reader.balance(accountId),
      reader.listPayouts(accountId, { limit: PAYOUTS_PAGE_SIZE, ...(startingAfter ? { startingAfter } : {}) }),
    ]);
    const currencies = [...new Set([...balance.pending, ...balance.available].map((entry) => entry.currency))].sort();
    const amount = (list: { amountCents: number; currency: string }[], currency: string) =>
      list.filter((entry) => entry.currency === currency).reduce((sum, entry) => sum + entry.amountCents, 0);
    return {
      ok: true,
      balances: currencies.map((currency) => ({
        currency,
        pendingCents: amount(balance.pending, currency),
        availableCents: amount(balance.available, currency),
      })),
      payouts: page.payouts.map((payout) => ({
        id: payout.id,
        amountCents: payout.amountCents,
        currency: payout.currency,
        status: payout.status,
        arrivalDay: day(payout.arrivalDate),
      })),
      nextAfter: page.hasMore ? (page.payouts.at(-1)?.id ?? null) : null,
      readAt: new Date().toISOString(),
    };
  } catch (error) {
    const reason = payoutsReadReason(error);
    services.logger.warn(
      { reason, detail: error instanceof Error ? error.message : String(error) },
      "payouts: Stripe balance or payouts could not be read",
    );
    return fail(reason === "refused" ? "PAYOUTS_ACCOUNT_REFUSED" : "PAYOUTS_PROVIDER_UNREACHABLE");
  }
}
