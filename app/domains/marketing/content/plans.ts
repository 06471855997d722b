import { formatMoneyShort } from "~/lib/money";
import { feePercent, findPlan, PLAN_TABLE, PLANS, type Plan, type PlanId } from "~/lib/plans";

/** A plan as the pricing pages show it: the table's terms with its price line, pitch, features and button. */
export type PlanOffer = Plan & {
  price: string;
  period?: string;
  description: string;
  highlights: string[];
  features: string[];
  cta: string;
  mostPopular: boolean;
  isPaid: boolean;
};

type OfferCopy = Pick<PlanOffer, "description" | "highlights" | "features" | "cta" | "mostPopular">;

const { starter, pro, business, enterprise } = PLAN_TABLE;
const STARTER_FEE = feePercent(starter.feeBasisPoints);

/** A monthly price as the copy writes it ("€19"). */
function monthlyPrice(plan: Plan): string {
  return formatMoneyShort(plan.monthlyPriceMinor, "EUR");
}

const COPY: Record<PlanId, OfferCopy> = {
  starter: {
    description: `Everything you need to start selling, with an ${STARTER_FEE} transaction fee.`,
    highlights: [`${STARTER_FEE} transaction fee`, "No monthly cost"],
    features: [
      "Unlimited products",
      "Basic page customisation",
      "Card and wallet payments",
      "Automatic delivery",
      "Basic analytics",
    ],
    cta: "Get Started",
    mostPopular: false,
  },
  pro: {
    description: "For growing creators who want their own brand and no transaction fees.",
    highlights: [`${pro.trialDays}-day free trial`, "No credit card required", "No transaction fees"],
    features: [
      "Everything in Starter",
      "No transaction fees",
      "Advanced customisation",
      "Detailed analytics",
      "Custom domain",
    ],
    cta: "Start Free Trial",
    mostPopular: true,
  },
  business: {
    description: `For teams selling together, with up to ${business.seats} team users.`,
    highlights: [`Up to ${business.seats} team users`, "Role-based access"],
    features: [
      "Everything in Pro",
      `Up to ${business.seats} team members with role-based access`,
      "Team collaboration",
      "Multiple admin accounts",
      "Priority support",
      "Advanced integrations",
      "Sales tax handling",
      "API access",
    ],
    cta: "Start Business",
    mostPopular: false,
  },
  enterprise: {
    description: `For large sellers who need a ${enterprise.uptimeSla} uptime SLA and unlimited team members.`,
    highlights: [`${enterprise.uptimeSla} uptime SLA`, "Unlimited team members"],
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
  },
};

function offerOf(plan: Plan): PlanOffer {
  const isPaid = plan.monthlyPriceMinor > 0;
  const price = isPaid
    ? { price: monthlyPrice(plan), period: "/month" }
    : { price: `Free + ${feePercent(plan.feeBasisPoints)}` };
  return { ...plan, ...price, ...COPY[plan.id], isPaid };
}

/** The four plans as the pricing, plan detail and plan choice pages show them. */
export const PLAN_OFFERS: readonly PlanOffer[] = PLANS.map(offerOf);

const PAID_OFFERS = PLAN_OFFERS.filter((offer) => offer.isPaid);

/** The free plan's terms in one sentence, as the FAQ and the terms say it. */
export const STARTER_FEE_SENTENCE = `Starter is free with an ${STARTER_FEE} transaction fee.`;

/** The paid plans' monthly prices in one sentence, as the terms say it. */
export const MONTHLY_BILLING_SENTENCE = `Paid plans are billed monthly: ${PAID_OFFERS.map(
  (offer) => `${offer.name} ${offer.price}`,
).join(", ")}.`;

/** The pricing page's description for search results and link previews. */
export const PRICING_DESCRIPTION = `Starter is free + ${STARTER_FEE}. ${PAID_OFFERS.map(
  (offer) => `${offer.name} ${offer.price}${offer.period}`,
).join(", ")}.`;

/** The offer of a plan id from outside (a URL, a form); undefined for anything else. */
export function findPlanOffer(id: string | undefined): PlanOffer | undefined {
  const plan = findPlan(id);
  return PLAN_OFFERS.find((offer) => offer.id === plan?.id);
}

/** Where a plan's sign-up button leads: Starter to /signup, the others to /signup?plan={id}. */
export function planSignupPath(plan: PlanOffer): string {
  return plan.isPaid ? `/signup?plan=${plan.id}` : "/signup";
}

/**
 * Where a plan's Start button leads: a paid plan starts on 'Choose Your Plan', which signs up first when signed out.
 */
export function planStartPath(plan: PlanOffer): string {
  return plan.isPaid ? `/choose-plan?plan=${plan.id}` : planSignupPath(plan);
}

/** A plan's detail page. */
export function planDetailsPath(plan: Plan): string {
  return `/tier/${plan.id}`;
}
