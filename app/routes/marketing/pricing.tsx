import { PageHero, PageShell, Section } from "~/components/site/page-shell";
import { PricingCards } from "~/domains/marketing/components/pricing-cards";
import { PRICING_DESCRIPTION } from "~/domains/marketing/content/plans";
import { pageMeta } from "~/lib/meta";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/pricing";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () => pageMeta({ title: "Pricing", description: PRICING_DESCRIPTION });

export default function Pricing() {
  return (
    <PageShell>
      <PageHero title="Pricing" lead="Start free. Upgrade when you grow. Cancel any time." />
      <Section>
        <PricingCards headingLevel={2} />
      </Section>
    </PageShell>
  );
}
