import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PLAN_OFFERS } from "~/domains/marketing/content/plans";
import { formatMoneyShort } from "~/lib/money";
import { feePercent, PLAN_FEATURE_IDS, PLAN_FEATURES, PLANS, type PlanFeatureId, planIncludes } from "~/lib/plans";

// docs/plans.md and the pricing copy say what the plan table decides: either drifting from PLAN_TABLE fails here.

const DOC = readFileSync(new URL("../../docs/plans.md", import.meta.url), "utf8");

/** The cells of the doc's first Markdown table, one array per row, the separator row left out. */
function docTable(markdown: string): string[][] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.startsWith("|"));
  const end = lines.findIndex((line, index) => index > start && !line.startsWith("|"));
  return lines
    .slice(start, end === -1 ? undefined : end)
    .map((line) =>
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    )
    .filter((cells) => !cells.every((cell) => /^:?-+:?$/.test(cell)));
}

/** The table the plan table implies, as docs/plans.md must write it. */
function expectedTable(): string[][] {
  const row = (label: string, cell: (plan: (typeof PLANS)[number]) => string) => [label, ...PLANS.map(cell)];
  return [
    ["Plan", ...PLANS.map((plan) => plan.name)],
    row("Price per month", (plan) =>
      plan.monthlyPriceMinor ? formatMoneyShort(plan.monthlyPriceMinor, "EUR") : "Free",
    ),
    row("Fee on each sale", (plan) => feePercent(plan.feeBasisPoints)),
    row("Free trial", (plan) => (plan.trialDays ? `${plan.trialDays} days, no card` : "—")),
    row("Seats, the owner included", (plan) => (plan.seats === null ? "Unlimited" : String(plan.seats))),
    row("Uptime SLA", (plan) => plan.uptimeSla ?? "—"),
    ...PLAN_FEATURE_IDS.map((feature) =>
      row(`\`${feature}\`: ${PLAN_FEATURES[feature].name}`, (plan) => (planIncludes(plan.id, feature) ? "✓" : "—")),
    ),
  ];
}

/** How the pricing copy (the spec's words) names each feature of the table. */
const COPY_NAMES: Record<PlanFeatureId, string> = {
  advanced_customisation: "Advanced customisation",
  detailed_analytics: "Detailed analytics",
  custom_domain: "Custom domain",
  team_collaboration: "Team collaboration",
  api_access: "API access",
  sales_tax: "Sales tax handling",
  priority_support: "Priority support",
  sla: "SLA guarantees",
};

describe("docs/plans.md", () => {
  it("writes the plan × feature table exactly as PLAN_TABLE decides it", () => {
    expect(docTable(DOC)).toEqual(expectedTable());
  });

  it("fails on a drifted cell: the comparison reads every cell", () => {
    const drifted = DOC.replace("| 8%", "| 5%");
    expect(drifted).not.toBe(DOC);
    expect(docTable(drifted)).not.toEqual(expectedTable());
  });
});

describe("the pricing copy", () => {
  it("lists each feature on the cheapest plan that includes it, and no plan promises one it lacks", () => {
    PLAN_OFFERS.forEach((offer, index) => {
      const previous = PLAN_OFFERS[index - 1];
      const added = PLAN_FEATURE_IDS.filter(
        (feature) => planIncludes(offer.id, feature) && !(previous && planIncludes(previous.id, feature)),
      );
      const named = PLAN_FEATURE_IDS.filter((feature) => offer.features.includes(COPY_NAMES[feature]));
      expect({ plan: offer.id, named }).toEqual({ plan: offer.id, named: added });
    });
  });

  it("states the seats the table gives", () => {
    for (const offer of PLAN_OFFERS) {
      const text = [offer.description, ...offer.highlights, ...offer.features].join(" ");
      if (offer.seats === null) expect(text).toContain("Unlimited team members");
      else if (offer.seats > 1) expect(text).toContain(`Up to ${offer.seats} team`);
      else expect(text).not.toMatch(/team (members|users)/i);
    }
  });
});
