import { amountInput, formatMoney } from "~/features/catalog/money";
import type { DiscountCodeFormValues } from "~/features/discounts/schemas/discount-code";
import { utcToZonedLocal } from "~/lib/zoned-time";

// How the discount codes page shows a code (issue 15.4). Browser-safe.

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
  minAmountCents: number | null;
  archivedAt: string | null;
  /** Whether any order has used (or holds) it: then it cannot be deleted. */
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

/** What the code takes off: "20% off", "$5.00 off". */
export function discountOffLabel(code: Pick<DiscountCodeItem, "kind" | "percentOff" | "amountOffCents" | "currency">, storeCurrency: string): string {
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
