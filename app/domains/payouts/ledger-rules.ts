import { feeRefundFor } from "~/domains/orders/platform-fee";

// Payout ledger rules shared by the job and the page; business days are Monday to Friday, UTC.

/** Business days from a sale's payment until its net can be paid out. */
export const TEST_PAYOUT_DELAY_BUSINESS_DAYS = 5;
/** The payout promise the payouts page shows. */
export const PAYOUT_PROMISE = "Payouts typically within 7 business days.";

/** A calendar day in UTC, "2026-11-23". */
export type DayKey = string;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC calendar day of an instant. */
export function dayKeyOf(date: Date): DayKey {
  return date.toISOString().slice(0, 10);
}

/** Midnight UTC of a day. */
export function startOfDay(day: DayKey): Date {
  const match = DAY_KEY.exec(day);
  if (!match) throw new Error(`not a day: ${day}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

const addDays = (day: DayKey, days: number): DayKey => dayKeyOf(new Date(startOfDay(day).getTime() + days * DAY_MS));

/** Monday to Friday (UTC). */
export function isBusinessDay(day: DayKey): boolean {
  const weekday = startOfDay(day).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The first business day after `day`. */
export function nextBusinessDay(day: DayKey): DayKey {
  let next = addDays(day, 1);
  while (!isBusinessDay(next)) next = addDays(next, 1);
  return next;
}

/** `count` business days after `day` (a Saturday + 1 is the Monday). */
export function addBusinessDays(day: DayKey, count: number): DayKey {
  let result = day;
  for (let i = 0; i < count; i += 1) result = nextBusinessDay(result);
  return result;
}

/** Sellkit's fee kept on an order after refunds, which return it in proportion. */
export function feeKept(order: { amountCents: number; refundedCents: number; platformFeeCents: number }): number {
  return order.platformFeeCents - feeRefundFor(order.platformFeeCents, order.refundedCents, order.amountCents);
}

/** What an order is worth to the seller now: a paid or refunded order's net, else nothing. */
export function sellerNet(order: {
  status: string;
  amountCents: number;
  refundedCents: number;
  platformFeeCents: number;
}): number {
  if (order.status !== "paid" && order.status !== "refunded") return 0;
  return order.amountCents - order.refundedCents - feeKept(order);
}

export type LedgerEntryKind = "sale" | "refund" | "dispute" | "dispute_won";

/** An order's state and what the ledger holds for it. */
export type LedgerOrder = {
  status: string;
  amountCents: number;
  refundedCents: number;
  platformFeeCents: number;
  paidAt: Date;
  /** Sum of its ledger entries so far. */
  bookedCents: number;
  /** When its sale entry is available; null before it has one. */
  saleAvailableOn: Date | null;
};

/**
 * The entry that brings an order's booked total to its net now; null when already there, so reruns are harmless.
 * A debit is never available before its sale, so refunding pending money lowers the pending balance.
 */
export function ledgerEntryFor(
  order: LedgerOrder,
  now: Date,
): { kind: LedgerEntryKind; amountCents: number; availableOn: Date } | null {
  const delta = sellerNet(order) - order.bookedCents;
  if (delta === 0) return null;
  const saleAvailableOn =
    order.saleAvailableOn ?? startOfDay(addBusinessDays(dayKeyOf(order.paidAt), TEST_PAYOUT_DELAY_BUSINESS_DAYS));
  if (order.saleAvailableOn === null && delta > 0)
    return { kind: "sale", amountCents: delta, availableOn: saleAvailableOn };
  const availableOn = new Date(Math.max(now.getTime(), saleAvailableOn.getTime()));
  if (delta > 0) return { kind: order.status === "paid" ? "dispute_won" : "sale", amountCents: delta, availableOn };
  return { kind: order.status === "disputed" ? "dispute" : "refund", amountCents: delta, availableOn };
}

export type ScheduledPayout = { payoutDay: DayKey; arrivalDay: DayKey; amountCents: number };

/** The next payout of one currency's unpaid entries as the job will make it; null when nothing is owed. */
export function nextPayout(
  unpaid: readonly { payableDay: DayKey; amountCents: number }[],
  today: DayKey,
  paidOutToday: boolean,
): ScheduledPayout | null {
  if (unpaid.length === 0) return null;
  const last = unpaid.reduce((max, entry) => (entry.payableDay > max ? entry.payableDay : max), today);
  let day = paidOutToday || !isBusinessDay(today) ? nextBusinessDay(today) : today;
  for (;;) {
    const amountCents = unpaid
      .filter((entry) => entry.payableDay <= day)
      .reduce((sum, entry) => sum + entry.amountCents, 0);
    if (amountCents > 0) return { payoutDay: day, arrivalDay: nextBusinessDay(day), amountCents };
    if (day >= last) return null;
    day = nextBusinessDay(day);
  }
}
