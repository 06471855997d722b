import { amountInput, formatMoney, isCurrency, MINIMUM_CHARGE_MINOR } from "~/lib/money";
import type { DiscountCodeFormValues } from "~/domains/discounts/schemas/discount-code";
import { utcToZonedLocal } from "~/lib/zoned-time";

// How the discount codes page shows a code; browser-safe.

export type DiscountStatus = "active" | "scheduled" | "expired" | "used_up" | "archived";

export const DISCOUNT_STATUS_LABELS: Record<DiscountStatus, string> = {
  active: "Active",
  scheduled: "Scheduled",
  expired: "Expired",
  used_up: "Used up",
  archived: "Archived",
};

/** A code as the page lists it (times are ISO strings in UTC). */
export type DiscountCodeItem = {
  id: string;
  code: string;
  kind: "percent" | "fixed";
  percentOff: number | null;
  amountOffCents: number | null;
  currency: string | null;
  appliesTo: "all" | "selected";
  products: { id: string; name: string }[];
  startsAt: string | null;
  endsAt: string | null;
  maxRedemptions: number | null;
  redemptionsCount: number;
  /** Uses held now by open checkouts, each for a short window. */
  reservedCount: number;
  /** Paid uses after the maximum was reached: late payments, honoured. */
  overLimitCount: number;
  minAmountCents: number | null;
  archivedAt: string | null;
  /** Whether any order has used or holds it, which forbids deletion. */
  used: boolean;
  createdAt: string;
};

/** Whether a code is accepted now, and if not why: archived, then expired, used up, scheduled. */
export function discountStatus(
  code: Pick<DiscountCodeItem, "archivedAt" | "startsAt" | "endsAt" | "maxRedemptions" | "redemptionsCount">,
  now: Date,
): DiscountStatus {
  if (code.archivedAt) return "archived";
  if (code.endsAt && new Date(code.endsAt) <= now) return "expired";
  if (code.maxRedemptions !== null && code.redemptionsCount >= code.maxRedemptions) return "used_up";
  if (code.startsAt && new Date(code.startsAt) > now) return "scheduled";
  return "active";
}

/** Paid uses against the maximum, with uses held by open checkouts and any overrun: "3 / 5 · 1 reserved". */
export function discountUsageLabel(
  code: Pick<DiscountCodeItem, "maxRedemptions" | "redemptionsCount" | "reservedCount" | "overLimitCount">,
): string {
  const count = (n: number) => n.toLocaleString("en-US");
  const parts = [
    `${count(code.redemptionsCount)} / ${code.maxRedemptions === null ? "no limit" : count(code.maxRedemptions)}`,
  ];
  if (code.reservedCount > 0) parts.push(`${count(code.reservedCount)} reserved`);
  if (code.overLimitCount > 0) parts.push(`${count(code.overLimitCount)} past the limit`);
  return parts.join(" · ");
}

/** What the code takes off: "20% off", "$5.00 off". */
export function discountOffLabel(
  code: Pick<DiscountCodeItem, "kind" | "percentOff" | "amountOffCents" | "currency">,
  storeCurrency: string,
): string {
  if (code.kind === "percent") return `${code.percentOff ?? 0}% off`;
  return `${formatMoney(code.amountOffCents ?? 0, code.currency ?? storeCurrency)} off`;
}

/** A saved code as the edit form's starting values, times in `timeZone`. */
export function discountFormValues(code: DiscountCodeItem, timeZone: string): DiscountCodeFormValues {
  return {
    code: code.code,
    kind: code.kind,
    percentOff: code.percentOff === null ? "" : String(code.percentOff),
    amountOff: code.amountOffCents === null ? "" : amountInput(code.amountOffCents),
    appliesTo: code.appliesTo,
    productIds: code.products.map((product) => product.id),
    startsAt: code.startsAt ? utcToZonedLocal(new Date(code.startsAt), timeZone) : "",
    endsAt: code.endsAt ? utcToZonedLocal(new Date(code.endsAt), timeZone) : "",
    maxRedemptions: code.maxRedemptions === null ? "" : String(code.maxRedemptions),
    minAmount: code.minAmountCents === null ? "" : amountInput(code.minAmountCents),
  };
}

/** A product the discount form lists, with what decides whether a fixed code can make it free. */
export type DiscountProductOption = {
  id: string;
  name: string;
  status: string;
  pricing: string;
  minPriceCents: number | null;
  currency: string;
};

/**
 * Warnings for each pay-what-you-want product whose lowest accepted amount a fixed discount covers, making it free;
 * empty otherwise.
 */
export function freeBelowMinimumWarnings(
  code: { kind: string; amountOffCents: number | null; appliesTo: string; productIds: readonly string[] },
  products: readonly DiscountProductOption[],
  storeCurrency: string,
): string[] {
  if (code.kind !== "fixed" || !code.amountOffCents || code.amountOffCents <= 0) return [];
  const amountOff = code.amountOffCents;
  const chosen = new Set(code.productIds);
  const lowest = (product: DiscountProductOption) =>
    Math.max(product.minPriceCents ?? 0, isCurrency(product.currency) ? MINIMUM_CHARGE_MINOR[product.currency] : 0);
  return products
    .filter(
      (product) => product.pricing === "pwyw" && product.status !== "archived" && (product.minPriceCents ?? 0) > 0,
    )
    .filter((product) => product.currency === storeCurrency && (code.appliesTo === "all" || chosen.has(product.id)))
    .filter((product) => amountOff >= lowest(product))
    .map(
      (product) =>
        `Buyers can get ${product.name} free with this code: ${formatMoney(amountOff, storeCurrency)} off covers its pay-what-you-want minimum of ${formatMoney(lowest(product), product.currency)}.`,
    );
}
