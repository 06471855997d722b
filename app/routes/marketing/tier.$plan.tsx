import { data, Link } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { PageShell } from "~/components/site/page-shell";
import { PlanFeatureList, PlanPrice } from "~/domains/marketing/components/plan-parts";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { findPlanOffer, planStartPath } from "~/domains/marketing/content/plans";
import { pageMeta } from "~/lib/meta";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/tier.$plan";

export const handle = STATIC_PAGE;

export function loader({ params }: Route.LoaderArgs) {
  const plan = findPlanOffer(params.plan);
  if (!plan) throw data(null, { status: 404 });
  return { planId: plan.id };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const plan = findPlanOffer(loaderData?.planId);
  return plan
    ? pageMeta({
        title: `${plan.name} plan`,
        description: `${plan.name}: ${plan.price}${plan.period ?? ""}. ${plan.description}`,
      })
    : pageMeta({ title: "Plan not found", description: "This plan does not exist." });
};

export default function Tier({ loaderData }: Route.ComponentProps) {
  const plan = findPlanOffer(loaderData.planId)!;
  return (
    <PageShell>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <BackLink to="/pricing">Back to Pricing</BackLink>
        <div className="mt-6 rounded-xl border bg-card p-8 shadow-sm">
          {plan.mostPopular ? <Badge>Most Popular</Badge> : null}
          <h1 className="mt-2 text-4xl font-bold tracking-tight">{plan.name}</h1>
          <p className="mt-3 text-lg text-muted-foreground">{plan.description}</p>
          <PlanPrice plan={plan} large className="mt-6" />
          <ul className="mt-4 flex flex-wrap gap-2">
            {plan.highlights.map((highlight) => (
              <li key={highlight}>
                <Badge variant="secondary">{highlight}</Badge>
              </li>
            ))}
          </ul>
          <h2 className="mt-8 text-lg font-semibold">What's included</h2>
          <PlanFeatureList features={plan.features} className="mt-3" />
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={planStartPath(plan)} reloadDocument className={buttonClass({ size: "lg" })}>
              {plan.cta}
            </Link>
            {plan.id === "enterprise" ? (
              <Link to="/contact" className={buttonClass({ size: "lg", variant: "outline" })}>
                Contact Sales
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </PageShell>
  );
}
