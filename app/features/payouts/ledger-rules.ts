import { feeRefundFor } from "~/features/orders/platform-fee";

// The test provider's payout ledger (issue 16.5), as pure rules the job and the page share. Browser-safe.
//
// Like a card processor's balance: each paid order's net (what the buyer paid, minus what was refunded, minus
// Sellkit's fee kept) is credited once and becomes available after TEST_PAYOUT_DELAY_BUSINESS_DAYS business days;
// refunds and disputes debit it. On every business day the available balance (when positive) is paid out in one
// payout, which arrives the next business day. So money is paid out within 7 business days of the sale, as SPEC §1
// promises ("payouts typically within 7 business days"). Business days are Monday to Friday in UTC; public
// holidays are not modelled.

/** Business days from a sale's payment until its net can be paid out. */
export const TEST_PAYOUT_DELAY_BUSINESS_DAYS = 5;
/** SPEC §1: "payouts typically within 7 business days". */
export const PAYOUT_PROMISE = "Payouts typically within 7 business days.";

/** A calendar day in UTC, "2026-11-23". */
export type DayKey = string;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

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

/** `count` business days after `day` (a Friday + 1 is the Monday; a Saturday + 1 is the Monday too). */
export function addBusinessDays(day: DayKey, count: number): DayKey {
  let result = day;
  for (let i = 0; i < count; i += 1) result = nextBusinessDay(result);
  return result;
}

/** The part of Sellkit's fee kept on an order after refunds: the fee goes back in proportion, as providers do. */
export function feeKept(order: { amountCents: number; refundedCents: number; platformFeeCents: number }): number {
  return order.platformFeeCents - feeRefundFor(order.platformFeeCents, order.refundedCents, order.amountCents);
}

/** What an order is worth to the seller now: a paid or refunded order's net; a disputed (or unpaid) one nothing. */
export function sellerNet(order: { status: string; amountCents: number; refundedCents: number; platformFeeCents: number }): number {
  if (order.status !== "paid" && order.status !== "refunded") return 0;
  return order.amountCents - order.refundedCents - feeKept(order);
}

export type LedgerEntryKind = "sale" | "refund" | "dispute" | "dispute_won";

/** An order as the payout job reads it: its state and what the ledger already holds for it. */
export type LedgerOrder = {
  status: string;
  amountCents: number;
  refundedCents: number;
  platformFeeCents: number;
  paidAt: Date;
  /** The sum of the order's ledger entries so far. */
  bookedCents: number;
  /** When its sale entry became (or becomes) available; null before it has one. */
  saleAvailableOn: Date | null;
};

/**
 * The ledger entry that brings an order's booked total to its net now, or null when it is already there (so the
 * job can run any number of times). The first credit is the sale, available TEST_PAYOUT_DELAY_BUSINESS_DAYS
 * business days after the payment's day; a debit (refund, dispute) is taken at once — but never before its sale's
 * money is available, so a refund of money still pending lowers the pending balance, not the available one.
 */
export function ledgerEntryFor(order: LedgerOrder, now: Date): { kind: LedgerEntryKind; amountCents: number; availableOn: Date } | null {
  const delta = sellerNet(order) - order.bookedCents;
  if (delta === 0) return null;
  const saleAvailableOn = order.saleAvailableOn ?? startOfDay(addBusinessDays(dayKeyOf(order.paidAt), TEST_PAYOUT_DELAY_BUSINESS_DAYS));
  if (order.saleAvailableOn === null && delta > 0) return { kind: "sale", amountCents: delta, availableOn: saleAvailableOn };
  const availableOn = new Date(Math.max(now.getTime(), saleAvailableOn.getTime()));
  if (delta > 0) return { kind: order.status === "paid" ? "dispute_won" : "sale", amountCents: delta, availableOn };
  return { kind: order.status === "disputed" ? "dispute" : "refund", amountCents: delta, availableOn };
}

export type ScheduledPayout = { payoutDay: DayKey; arrivalDay: DayKey; amountCents: number };

/**
 * The next payout of one currency's unpaid entries (each with the first day it can be paid out: its available day,
 * or the day after when it became available during a day, since payouts are made at the start of a day), as the job will make it: the first business day, from today
 * (or the next one when today's payout is made already), on which the entries payable by then add up to more than
 * nothing. Null when nothing is owed.
 */
export function nextPayout(unpaid: readonly { payableDay: DayKey; amountCents: number }[], today: DayKey, paidOutToday: boolean): ScheduledPayout | null {
  if (unpaid.length === 0) return null;
  const last = unpaid.reduce((max, entry) => (entry.payableDay > max ? entry.payableDay : max), today);
  let day = paidOutToday || !isBusinessDay(today) ? nextBusinessDay(today) : today;
  for (;;) {
    const amountCents = unpaid.filter((entry) => entry.payableDay <= day).reduce((sum, entry) => sum + entry.amountCents, 0);
    if (amountCents > 0) return { payoutDay: day, arrivalDay: nextBusinessDay(day), amountCents };
    if (day >= last) return null;
    day = nextBusinessDay(day);
  }
}
