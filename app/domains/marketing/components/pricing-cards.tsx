import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Badge } from "~/components/ui/badge";
import { PLAN_OFFERS, planDetailsPath, planStartPath } from "~/domains/marketing/content/plans";
import { cn } from "~/lib/cn";
import { PlanFeatureList, PlanPrice } from "./plan-parts";

/** The four plans with their Start and 'Learn more' links. */
export function PricingCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
      {PLAN_OFFERS.map((plan) => (
        <li
          key={plan.id}
          aria-labelledby={`plan-${plan.id}`}
          className={cn(
            "relative flex flex-col rounded-lg border bg-card p-6 shadow-sm",
            plan.mostPopular && "border-2 border-primary",
          )}
        >
          {plan.mostPopular ? <Badge className="absolute -top-3 left-6">Most Popular</Badge> : null}
          <Heading id={`plan-${plan.id}`} className="text-xl font-semibold">
            {plan.name}
          </Heading>
          <p className="mt-2 text-sm text-muted-foreground">{plan.description}</p>
          <PlanPrice plan={plan} className="mt-4" />
          <PlanFeatureList features={plan.features} className="mt-4 flex-1 text-sm" />
          <Link
            to={planStartPath(plan)}
            className={buttonClass({ variant: plan.mostPopular ? "default" : "outline", className: "mt-6 w-full" })}
          >
            {plan.cta}
            <span className="sr-only"> with {plan.name}</span>
          </Link>
          <Link to={planDetailsPath(plan)} className={buttonClass({ variant: "link", size: "sm", className: "mt-2" })}>
            Learn more<span className="sr-only"> about {plan.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
