import { feePercent, PLAN_FEATURES, PLAN_TABLE, type PlanFeatureId, type PlanId } from "~/lib/plans";

// What a downgrade suspends, derived from the plan table: nothing is deleted, and each item returns on upgrade.

const FEATURE_EFFECTS: Partial<Record<PlanFeatureId, string>> = {
  custom_domain: "Your custom domain stops serving and redirects to your default Sellkit address.",
  api_access: "Your API keys stop working.",
  sales_tax: "Sales tax handling stops; your tax settings are kept.",
};

function seatsEffect(from: PlanId, to: PlanId): string | null {
  const before = PLAN_TABLE[from].seats;
  const after = PLAN_TABLE[to].seats;
  if (after === null || (before !== null && before <= after)) return null;
  const room = after === 1 ? "the owner only" : `${after} people, the owner included`;
  return `Team members beyond ${PLAN_TABLE[to].name}'s seats (${room}) are suspended, not removed.`;
}

/** The sentences saying what moving from `from` to `to` suspends; empty when nothing is lost. */
export function downgradeEffects(from: PlanId, to: PlanId): string[] {
  const kept = new Set<PlanFeatureId>(PLAN_TABLE[to].includes);
  const effects: string[] = [];
  const seats = seatsEffect(from, to);
  if (seats) effects.push(seats);
  for (const feature of PLAN_TABLE[from].includes) {
    if (kept.has(feature) || feature === "team_collaboration") continue;
    const name = PLAN_FEATURES[feature].name;
    effects.push(FEATURE_EFFECTS[feature] ?? `${name.charAt(0).toUpperCase()}${name.slice(1)} is no longer included.`);
  }
  if (PLAN_TABLE[to].feeBasisPoints > PLAN_TABLE[from].feeBasisPoints)
    effects.push(`New sales pay ${PLAN_TABLE[to].name}'s ${feePercent(PLAN_TABLE[to].feeBasisPoints)} fee.`);
  return effects;
}

/** The closing sentence of every downgrade notice. */
export const DOWNGRADE_RESTORED = "Nothing is deleted: everything suspended comes back when you upgrade again.";
