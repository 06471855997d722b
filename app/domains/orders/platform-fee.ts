import { PLAN_TABLE, type PlanId } from "~/lib/plans";

/** Sellkit's fee on `amountCents` for `plan`, in minor units, rounded half up. */
export function platformFee(amountCents: number, plan: PlanId): number {
  if (amountCents <= 0) return 0;
  return Math.floor((amountCents * PLAN_TABLE[plan].feeBasisPoints + 5000) / 10000);
}

/** The part of Sellkit's fee given back with a refund: proportional and rounded, as the providers do. */
export function feeRefundFor(platformFeeCents: number, refundCents: number, orderAmountCents: number): number {
  if (orderAmountCents <= 0 || platformFeeCents <= 0) return 0;
  return Math.min(platformFeeCents, Math.round((platformFeeCents * refundCents) / orderAmountCents));
}
