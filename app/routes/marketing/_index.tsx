import { ArrowRight, PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { DashboardPreview } from "~/domains/marketing/components/dashboard-preview";
import { FeatureGrid } from "~/domains/marketing/components/feature-grid";
import { PageShell, Section } from "~/components/site/page-shell";
import { PricingCards } from "~/domains/marketing/components/pricing-cards";
import { SampleCreatorDashboard } from "~/domains/marketing/components/sample-creator-dashboard";
import { TestimonialList } from "~/domains/marketing/components/testimonial-list";
import { buttonClass } from "~/components/ui/button";
import { FEATURES, HERO_STATS, MARKETING_CLAIMS, PROCESS_STEPS } from "~/domains/marketing/content/marketing";
import { pageMeta } from "~/lib/meta";
import type { DashboardTabsData } from "~/domains/marketing/content/sample-dashboard";
import { useRootData } from "~/lib/root-data";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/_index";
import { readSessionUser } from "~/kernel/session/read-session-user.server";
import { landingPageQuery } from "~/pages/dashboards/server/landing-page-query.server";
import { landingDashboard } from "~/pages/dashboards/server/landing-dashboard.server";
import { useLiveFigures } from "~/pages/dashboards/components/use-live-figures";
import { creatorTimeZone } from "~/kernel/store/creator-time-zone.server";
import { requestContext } from "~/server/http/request-context.server";

/** The signed-out landing needs no JavaScript and is prerendered; a request with a session renders on the server. */
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Sellkit",
    description: "Sell e-books, courses, templates and more with automatic delivery. Join 10,000+ creators on Sellkit.",
  });

/** A signed-in creator with a product sees their own figures; otherwise, and when prerendered, the sample data. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context?.services;
  if (!services) return { landing: null };
  const ctx = requestContext(request);
  const user = await readSessionUser(services, ctx, { batch: context, page: landingPageQuery });
  if (!user || user.secondFactor === "pending" || !user.page) return { landing: null };
  return {
    landing: await landingDashboard(services.db, user.id, {
      figures: user.page,
      timeZone: creatorTimeZone(ctx, user.page.savedTimeZone),
    }),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const signedIn = Boolean(useRootData()?.user);
  if (signedIn) return <SignedInHome data={loaderData?.landing ?? undefined} />;
  return (
    <PageShell>
      <section className="bg-gradient-to-b from-secondary/70 to-background">
        <div className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="inline-block rounded-full border bg-background px-4 py-1 text-sm text-muted-foreground">
            Trusted by {MARKETING_CLAIMS.creators} creators
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-6xl">
            Sell your digital products <span className="text-primary">in minutes</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            Upload your files, customise your sales page, set your price and start earning. Buyers get their purchase by
            email automatically.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/signup" className={buttonClass({ size: "lg" })}>
              Start Selling Today <ArrowRight aria-hidden="true" />
            </Link>
            <Link to="/learn" className={buttonClass({ size: "lg", variant: "outline" })}>
              <PlayCircle aria-hidden="true" /> Watch Demo
            </Link>
          </div>
          <dl className="mx-auto mt-14 grid max-w-3xl grid-cols-2 gap-6 sm:grid-cols-4">
            {HERO_STATS.map((stat) => (
              <div key={stat.label}>
                <dt className="text-sm text-muted-foreground">{stat.label}</dt>
                <dd className="text-2xl font-bold">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <Section
        id="features"
        title="Everything you need to sell"
        lead="Analytics, marketing tools, sales pages and automatic delivery in one place."
      >
        <FeatureGrid features={FEATURES.slice(0, 4)} />
      </Section>

      <Section id="how-it-works" title="Start selling in four steps" className="bg-muted/40">
        <ol className="grid gap-6 md:grid-cols-4">
          {PROCESS_STEPS.map((step) => (
            <li key={step.number} className="rounded-lg border bg-card p-6">
              <span
                aria-hidden="true"
                className="grid size-10 place-items-center rounded-full bg-primary font-bold text-primary-foreground"
              >
                {step.number}
              </span>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.description}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 text-center">
          <Link to="/signup" className={buttonClass({ size: "lg" })}>
            Get Started Now
          </Link>
        </div>
      </Section>

      <Section
        id="testimonials"
        title="Loved by creators"
        lead={`${MARKETING_CLAIMS.averageRating} average rating from ${MARKETING_CLAIMS.reviews} reviews · ${MARKETING_CLAIMS.creatorEarnings} creator earnings`}
      >
        <TestimonialList />
      </Section>

      <Section
        id="dashboard"
        title="Your dashboard, at a glance"
        lead="A preview with sample data."
        className="bg-muted/40"
      >
        <div className="rounded-xl border bg-background p-4 shadow-sm sm:p-6">
          <DashboardPreview />
        </div>
      </Section>

      <Section id="pricing" title="Simple, transparent pricing" lead="Start free. Upgrade when you grow.">
        <PricingCards />
      </Section>
    </PageShell>
  );
}

/** The creator dashboard of a signed-in visitor: their figures follow their orders live (re-read on each change). */
function SignedInHome({ data }: { data: DashboardTabsData | undefined }) {
  const live = useLiveFigures(Boolean(data));
  return (
    <PageShell>
      <div data-live={data ? (live ? "connected" : "connecting") : undefined}>
        <SampleCreatorDashboard data={data} />
      </div>
    </PageShell>
  );
}
