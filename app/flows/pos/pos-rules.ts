import { type DiscountTerms, discountAmount } from "~/domains/discounts/discount-amount";

// The point of sale's money rules, browser-safe: the device and the server compute change, tender buttons and the
// Z-report the same way.

/** How an in-person sale is paid; `other` is a method the seller collects outside Sellkit (a peer payment app). */
export const POS_PAYMENT_METHODS = [
  { value: "cash", label: "Cash" },
  { value: "card", label: "Card" },
  { value: "pay_on_phone", label: "Pay on phone" },
  { value: "other", label: "Other" },
] as const;
export type PosPaymentMethod = (typeof POS_PAYMENT_METHODS)[number]["value"];

/** Payment methods a device may take without a connection: nothing needs the provider. */
export const OFFLINE_PAYMENT_METHODS: readonly PosPaymentMethod[] = ["cash", "other"];

/** The POS method each Event Sales payment method stands for. */
const EVENT_METHOD_TO_POS: Record<string, PosPaymentMethod> = {
  cash: "cash",
  card_reader: "card",
  card_terminal: "card",
  mobile_payments: "pay_on_phone",
  wallet_qr: "pay_on_phone",
  peer_payment: "other",
};

/** The methods an event stall's POS offers: those of the seller's Event Sales setup, or all when it names none. */
export function posMethodsOf(eventPaymentMethods: readonly string[] | null): PosPaymentMethod[] {
  const all = POS_PAYMENT_METHODS.map((m) => m.value);
  const chosen = new Set((eventPaymentMethods ?? []).map((m) => EVENT_METHOD_TO_POS[m]).filter((m) => m !== undefined));
  return chosen.size === 0 ? all : all.filter((m) => chosen.has(m));
}

/** What moved cash in a shift's drawer. */
export type DrawerMovementKind = "sale" | "refund" | "paid_in" | "paid_out";

/** The money of one method in a Z-report, in minor units. */
export type MethodTotals = { sales: number; refunds: number; count: number };

/** A shift's closing report, computed at close and kept unchanged. */
export type ZReport = {
  currency: string;
  openingFloatCents: number;
  salesCount: number;
  grossSalesCents: number;
  discountsCents: number;
  refundsCents: number;
  netSalesCents: number;
  byMethod: Record<string, MethodTotals>;
  itemsSold: { name: string; quantity: number; amountCents: number }[];
  cashInCents: number;
  cashOutCents: number;
  expectedCashCents: number;
  countedCashCents: number;
  /** counted − expected: positive is over, negative is short. */
  overShortCents: number;
  /** Sales made offline before the close that reached the server after it; the figures above include them. */
  lateSales?: LateSale[];
};

/** A sale made offline before its shift closed and recorded after the close, as the amended Z-report lists it. */
export type LateSale = { orderId: string; soldAt: string; recordedAt: string; amountCents: number; cashCents: number };

/**
 * A closed shift's kept report with a late sale added: its sales, items and cash expected. The counted cash stays as
 * counted, so over/short moves by the sale's cash.
 */
export function amendZReport(
  report: ZReport,
  sale: LateSale & {
    subtotalCents: number;
    discountCents: number;
    payments: { method: string; amountCents: number }[];
    items: { name: string; quantity: number; amountCents: number }[];
  },
): ZReport {
  const byMethod: ZReport["byMethod"] = { ...report.byMethod };
  for (const payment of sale.payments) {
    const totals = byMethod[payment.method] ?? { sales: 0, refunds: 0, count: 0 };
    byMethod[payment.method] = { ...totals, sales: totals.sales + payment.amountCents, count: totals.count + 1 };
  }
  const itemsSold = report.itemsSold.map((item) => ({ ...item }));
  for (const item of sale.items) {
    const kept = itemsSold.find((i) => i.name === item.name);
    if (kept) {
      kept.quantity += item.quantity;
      kept.amountCents += item.amountCents;
    } else itemsSold.push({ ...item });
  }
  itemsSold.sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
  const expectedCashCents = report.expectedCashCents + sale.cashCents;
  const { orderId, soldAt, recordedAt, amountCents, cashCents } = sale;
  return {
    ...report,
    salesCount: report.salesCount + 1,
    grossSalesCents: report.grossSalesCents + sale.subtotalCents,
    discountsCents: report.discountsCents + sale.discountCents,
    netSalesCents: report.netSalesCents + sale.subtotalCents - sale.discountCents,
    byMethod,
    itemsSold,
    expectedCashCents,
    overShortCents: report.countedCashCents - expectedCashCents,
    lateSales: [...(report.lateSales ?? []), { orderId, soldAt, recordedAt, amountCents, cashCents }],
  };
}

/** The change for `tenderedCents` of cash against `dueCents`, or null when the tender does not cover it. */
export function changeDue(dueCents: number, tenderedCents: number): number | null {
  if (!Number.isSafeInteger(tenderedCents) || tenderedCents < dueCents) return null;
  return tenderedCents - dueCents;
}

/** Methods settled by a provider (a reader or the buyer's phone): at most one such part per sale. */
export const CONNECTED_PAYMENT_METHODS: readonly PosPaymentMethod[] = ["card", "pay_on_phone"];

/** One part of a sale's payment; `tenderedCents` is the cash handed over, for cash parts only. */
export type Tender = { method: string; amountCents: number; tenderedCents: number | null };

/** Tenders that pay a total exactly: the change due (from cash parts only) and the cash kept in the drawer. */
export type TenderCheck =
  | { ok: true; changeCents: number; cashCents: number }
  | { ok: false; code: "POS_PAYMENTS_MISMATCH" | "POS_CASH_TOO_LOW" | "POS_CHANGE_NOT_CASH" | "POS_CARD_NOT_SPLIT" };

/**
 * Checks a sale's tenders against its server-computed total, which they must add up to exactly. A split has no empty
 * part and one card or phone part at most; only cash parts give change.
 */
export function checkTenders(totalCents: number, tenders: readonly Tender[]): TenderCheck {
  if (tenders.filter((t) => CONNECTED_PAYMENT_METHODS.includes(t.method as PosPaymentMethod)).length > 1)
    return { ok: false, code: "POS_CARD_NOT_SPLIT" };
  if (tenders.length > 1 && tenders.some((t) => t.amountCents <= 0))
    return { ok: false, code: "POS_PAYMENTS_MISMATCH" };
  if (tenders.reduce((sum, t) => sum + t.amountCents, 0) !== totalCents)
    return { ok: false, code: "POS_PAYMENTS_MISMATCH" };
  let changeCents = 0;
  let cashCents = 0;
  for (const tender of tenders) {
    if (tender.method !== "cash") {
      if (tender.tenderedCents !== null && tender.tenderedCents !== tender.amountCents)
        return { ok: false, code: "POS_CHANGE_NOT_CASH" };
      continue;
    }
    const change = changeDue(tender.amountCents, tender.tenderedCents ?? tender.amountCents);
    if (change === null) return { ok: false, code: "POS_CASH_TOO_LOW" };
    changeCents += change;
    cashCents += tender.amountCents;
  }
  return { ok: true, changeCents, cashCents };
}

/**
 * The round amounts a buyer is likely to hand over for `dueCents`: the next 1, 5, 10, 20, 50 and 100 units, distinct.
 */
export function quickTenders(dueCents: number, max = 4): number[] {
  const steps = [100, 500, 1000, 2000, 5000, 10_000];
  const amounts = new Set<number>([dueCents]);
  for (const step of steps) amounts.add(Math.ceil(dueCents / step) * step);
  return [...amounts]
    .filter((amount) => amount >= dueCents && amount > 0)
    .sort((a, b) => a - b)
    .slice(0, max);
}

/** Cash a drawer should hold: the float plus the cash movements (sales net of change, refunds, paid in and out). */
export function expectedCash(openingFloatCents: number, drawerAmounts: number[]): number {
  return drawerAmounts.reduce((sum, amount) => sum + amount, openingFloatCents);
}

/** A manual discount on a line or a whole sale: an amount in minor units or a whole percent. */
export type ManualDiscount = { kind: "amount"; value: number } | { kind: "percent"; value: number };

/** A manual discount's minor units on `baseCents`, never more than the base. */
export function discountOn(baseCents: number, discount: ManualDiscount | null): number {
  if (!discount) return 0;
  const off = discount.kind === "amount" ? discount.value : Math.round((baseCents * discount.value) / 100);
  return Math.max(0, Math.min(baseCents, off));
}

/**
 * A sale's lines priced: each line's subtotal and its discount (its own plus its share of the sale's and the code's).
 */
export type PricedSale = {
  lines: { subtotalCents: number; discountCents: number }[];
  subtotalCents: number;
  discountCents: number;
  /** The store discount code's part of `discountCents`. */
  codeDiscountCents: number;
  totalCents: number;
};

/**
 * Prices a counter sale: line discounts first, then the sale discount, then a store discount code on what is left.
 * The sale's and the code's discounts are split across lines in proportion, so the lines' discounts add up.
 */
export function priceSale(
  lines: { unitPriceCents: number; quantity: number; discount: ManualDiscount | null }[],
  saleDiscount: ManualDiscount | null,
  codeTerms: DiscountTerms | null = null,
): PricedSale {
  const priced = lines.map((line) => {
    const subtotalCents = line.unitPriceCents * line.quantity;
    return { subtotalCents, discountCents: discountOn(subtotalCents, line.discount) };
  });
  const takeOff = (amountOf: (leftCents: number) => number) => {
    const left = priced.map((line) => line.subtotalCents - line.discountCents);
    const off = amountOf(left.reduce((sum, cents) => sum + cents, 0));
    splitProportionally(off, left).forEach((share, index) => {
      priced[index]!.discountCents += share;
    });
    return off;
  };
  takeOff((left) => discountOn(left, saleDiscount));
  const codeDiscountCents = codeTerms ? takeOff((left) => discountAmount(left, codeTerms)) : 0;
  const subtotalCents = priced.reduce((sum, line) => sum + line.subtotalCents, 0);
  const discountCents = priced.reduce((sum, line) => sum + line.discountCents, 0);
  return { lines: priced, subtotalCents, discountCents, codeDiscountCents, totalCents: subtotalCents - discountCents };
}

/**
 * Splits `amount` minor units across `weights` in proportion (largest remainder), each share at most its weight. The
 * shares add up to `amount` exactly when it is no more than the weights' sum.
 */
export function splitProportionally(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction);
  for (const { index } of order) {
    if (left <= 0) break;
    if ((shares[index] ?? 0) < (weights[index] ?? 0)) {
      shares[index] = (shares[index] ?? 0) + 1;
      left -= 1;
    }
  }
  return shares;
}
