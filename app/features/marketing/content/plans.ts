/** The four plans' ids. */
export const PLAN_IDS = ["starter", "pro", "business", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Plan = {
  id: PlanId;
  name: string;
  price: string;
  period?: string;
  description: string;
  highlights: string[];
  features: string[];
  cta: string;
  mostPopular: boolean;
  isPaid: boolean;
};

export const STARTER_TRANSACTION_FEE_PERCENT = 8;
export const PRO_TRIAL_DAYS = 14;
export const BUSINESS_TEAM_MEMBERS = 5;
export const ENTERPRISE_UPTIME_SLA = "99.9%";

export const PLANS: Plan[] = [
  {
    id: "starter",
    name: "Starter",
    price: "Free + 8%",
    description: "Everything you need to start selling, with an 8% transaction fee.",
    highlights: [`${STARTER_TRANSACTION_FEE_PERCENT}% transaction fee`, "No monthly cost"],
    features: [
      "Unlimited products",
      "Basic page customisation",
      "Card and wallet payments",
      "Automatic delivery",
      "Basic analytics",
    ],
    cta: "Get Started",
    mostPopular: false,
    isPaid: false,
  },
  {
    id: "pro",
    name: "Pro",
    price: "€19",
    period: "/month",
    description: "For growing creators who want their own brand and no transaction fees.",
    highlights: [`${PRO_TRIAL_DAYS}-day free trial`, "No credit card required", "No transaction fees"],
    features: [
      "Everything in Starter",
      "No transaction fees",
      "Advanced customisation",
      "Detailed analytics",
      "Custom domain",
    ],
    cta: "Start Free Trial",
    mostPopular: true,
    isPaid: true,
  },
  {
    id: "business",
    name: "Business",
    price: "€49",
    period: "/month",
    description: "For teams selling together, with up to 5 team users.",
    highlights: [`Up to ${BUSINESS_TEAM_MEMBERS} team users`, "Role-based access"],
    features: [
      "Everything in Pro",
      `Up to ${BUSINESS_TEAM_MEMBERS} team members with role-based access`,
      "Team collaboration",
      "Multiple admin accounts",
      "Priority support",
      "Advanced integrations",
      "Sales tax handling",
      "API access",
    ],
    cta: "Start Business",
    mostPopular: false,
    isPaid: true,
  },
  {
    id: "enterprise",
    name: "Enterprise",
    price: "€79",
    period: "/month",
    description: `For large sellers who need a ${ENTERPRISE_UPTIME_SLA} uptime SLA and unlimited team members.`,
    highlights: [`${ENTERPRISE_UPTIME_SLA} uptime SLA`, "Unlimited team members"],
    features: [
      "Everything in Business",
      "Unlimited team members",
      "Custom contract",
      "Dedicated account manager",
      "SLA guarantees",
      "Custom integrations",
      "Advanced security features",
      "Bulk discounts",
    ],
    cta: "Start Enterprise",
    mostPopular: false,
    isPaid: true,
  },
];

export function findPlan(id: string | undefined): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** Where a plan's sign-up button leads: Starter to /signup, the others to /signup?plan={id}. */
export function planSignupPath(plan: Plan): string {
  return plan.isPaid ? `/signup?plan=${plan.id}` : "/signup";
}

export function planDetailsPath(plan: Plan): string {
  return `/tier/${plan.id}`;
}
