import type Stripe from "stripe";

/** A connected account's readiness: ready once it can take charges and has given Stripe everything it asked for. */
export function accountReadiness(account: Stripe.Account): {
  status: "pending" | "ready";
  details: Record<string, unknown>;
} {
  const ready = account.charges_enabled === true && account.details_submitted === true;
  return {
    status: ready ? "ready" : "pending",
    details: {
      chargesEnabled: account.charges_enabled ?? false,
      payoutsEnabled: account.payouts_enabled ?? false,
      detailsSubmitted: account.details_submitted ?? false,
      currentlyDue: account.requirements?.currently_due ?? [],
      disabledReason: account.requirements?.disabled_reason ?? null,
    },
  };
}
