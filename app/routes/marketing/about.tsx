import { Link } from "react-router";
import { PageHero, PageShell, Section } from "~/components/site/page-shell";
import { buttonClass } from "~/components/ui/button";
import { MARKETING_CLAIMS } from "~/domains/marketing/content/marketing";
import { pageMeta } from "~/lib/meta";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/about";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "About",
    description: "Sellkit helps creators and small sellers earn a living from what they make.",
  });

export default function About() {
  return (
    <PageShell>
      <PageHero title="About Sellkit" lead="We help creators and small sellers earn a living from what they make." />
      <Section>
        <div className="mx-auto max-w-3xl space-y-5 text-lg leading-relaxed">
          <p>
            Sellkit started with a simple idea: selling an e-book, a course or a template should be as easy as sharing a
            link. Today {MARKETING_CLAIMS.creators} creators use Sellkit, and they have earned{" "}
            {MARKETING_CLAIMS.creatorEarnings} together.
          </p>
          <p>
            We also serve sellers of physical goods: from one dashboard you can run an online store, a retail store,
            sales at markets and fairs, a buy button on your own website, or sales through social media.
          </p>
          <p>
            We keep pricing simple, delivery automatic and your account secure, so you can spend your time creating.
          </p>
        </div>
        <dl className="mx-auto mt-12 grid max-w-3xl grid-cols-2 gap-6 text-center sm:grid-cols-4">
          {[
            [MARKETING_CLAIMS.activeCreators, "Active creators"],
            [MARKETING_CLAIMS.downloads, "Downloads"],
            [MARKETING_CLAIMS.uptime, "Uptime"],
            [MARKETING_CLAIMS.averageRating, "Average rating"],
          ].map(([value, label]) => (
            <div key={label}>
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-12 flex justify-center gap-3">
          <Link to="/signup" className={buttonClass()}>
            Start Selling Today
          </Link>
          <Link to="/contact" className={buttonClass({ variant: "outline" })}>
            Contact us
          </Link>
        </div>
      </Section>
    </PageShell>
  );
}
