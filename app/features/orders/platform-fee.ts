/** Sellkit's fee on each sale, per plan, in basis points (Starter "Free + 8%"; paid plans have none). */
export const PLATFORM_FEE_BASIS_POINTS = { starter: 800, pro: 0, business: 0, enterprise: 0 } as const;

export type Plan = keyof typeof PLATFORM_FEE_BASIS_POINTS;

/** A seller's plan as stored in profiles.plan; null or unknown means Starter. */
export function planOf(value: string | null | undefined): Plan {
  return value && Object.hasOwn(PLATFORM_FEE_BASIS_POINTS, value) ? (value as Plan) : "starter";
}

/** Sellkit's fee on `amountCents` for `plan`, in minor units, rounded half up. */
export function platformFee(amountCents: number, plan: Plan): number {
  if (amountCents <= 0) return 0;
  return Math.floor((amountCents * PLATFORM_FEE_BASIS_POINTS[plan] + 5000) / 10000);
}

/** The part of Sellkit's fee given back with a refund: proportional and rounded, as the providers do. */
export function feeRefundFor(platformFeeCents: number, refundCents: number, orderAmountCents: number): number {
  if (orderAmountCents <= 0 || platformFeeCents <= 0) return 0;
  return Math.min(platformFeeCents, Math.round((platformFeeCents * refundCents) / orderAmountCents));
}
