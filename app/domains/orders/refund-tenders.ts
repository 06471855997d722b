// How a refund goes back by the tenders its sale was paid with, browser-safe: minor units per tender.

/** Minor units per tender: `cash`, `other`, `card`, `pay_on_phone`, or `online` (an online checkout's payment). */
export type Tenders = Record<string, number>;

/** Tenders a payment provider gives back; the others are paid back outside it (cash from a drawer, other methods). */
export const PROVIDER_TENDERS: readonly string[] = ["card", "pay_on_phone", "online"];

/** The order a refund draws on a sale's tenders: the provider's first, then other methods, the drawer's cash last. */
const REFUND_ORDER: readonly string[] = [...PROVIDER_TENDERS, "other", "cash"];

/** The sum of some tenders' shares; all of them without `keys`. */
export function tenderSum(tenders: Tenders, keys?: readonly string[]): number {
  return Object.entries(tenders)
    .filter(([key]) => !keys || keys.includes(key))
    .reduce((sum, [, cents]) => sum + cents, 0);
}

/**
 * Splits a refund of `amountCents` across what is left of each tender (paid less refunded or in flight), in refund
 * order. It answers null when the tenders have less left than the amount.
 */
export function splitRefund(amountCents: number, paid: Tenders, refunded: Tenders): Tenders | null {
  const keys = [
    ...REFUND_ORDER,
    ...Object.keys(paid)
      .filter((key) => !REFUND_ORDER.includes(key))
      .sort(),
  ];
  const shares: Tenders = {};
  let due = amountCents;
  for (const key of keys) {
    const left = Math.max(0, (paid[key] ?? 0) - (refunded[key] ?? 0));
    const share = Math.min(left, due);
    if (share > 0) shares[key] = share;
    due -= share;
  }
  return due > 0 ? null : shares;
}

/** The provider's part of a split refund and the part paid back outside it. */
export function partsOf(shares: Tenders): { provider: Tenders; outside: Tenders } {
  const provider: Tenders = {};
  const outside: Tenders = {};
  for (const [key, cents] of Object.entries(shares)) (PROVIDER_TENDERS.includes(key) ? provider : outside)[key] = cents;
  return { provider, outside };
}
