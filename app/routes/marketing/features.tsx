import { Link } from "react-router";
import { FeatureGrid } from "~/domains/marketing/components/feature-grid";
import { PageHero, PageShell, Section } from "~/components/site/page-shell";
import { buttonClass } from "~/components/ui/button";
import { FEATURES } from "~/domains/marketing/content/marketing";
import { pageMeta } from "~/lib/meta";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/features";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Features",
    description: "Sales pages, automatic delivery, analytics, marketing tools and five ways to sell.",
  });

export default function Features() {
  return (
    <PageShell>
      <PageHero title="Features" lead="Everything a creator needs to sell digital products — and physical ones too." />
      <Section>
        <FeatureGrid features={FEATURES} headingLevel={2} />
        <div className="mt-12 text-center">
          <Link to="/signup" className={buttonClass({ size: "lg" })}>
            Start Selling Today
          </Link>
        </div>
      </Section>
    </PageShell>
  );
}
