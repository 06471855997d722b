import { Link } from "react-router";
import { FaqList } from "~/domains/marketing/components/faq-list";
import { PageHero, PageShell, Section } from "~/components/site/page-shell";
import { buttonClass } from "~/components/ui/button";
import { ChoiceTabs } from "~/components/ui/choice-tabs";
import { LEARN_FAQ } from "~/domains/marketing/content/faq";
import { FEATURES, PROCESS_STEPS } from "~/domains/marketing/content/marketing";
import { pageMeta } from "~/lib/meta";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/learn";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Learn how Sellkit works",
    description: "How it works, the benefits, and how to get started selling in minutes.",
  });

const GET_STARTED = [
  "Create your free account — no credit card needed.",
  "Verify your email and tell us about your business.",
  "Upload your first product and set its price.",
  "Share your sales page link and make your first sale.",
];

export default function Learn() {
  return (
    <PageShell>
      <PageHero title="See how Sellkit works" lead="From your first upload to your first payout, in a few minutes." />
      <Section>
        <ChoiceTabs
          name="learn"
          label="Learn more about Sellkit"
          className="mx-auto max-w-4xl"
          tabs={[
            {
              id: "how-it-works",
              label: "How it works",
              content: (
                <ol className="grid gap-4 sm:grid-cols-2">
                  {PROCESS_STEPS.map((step) => (
                    <li key={step.number} className="rounded-lg border bg-card p-5">
                      <h2 className="font-semibold">
                        {step.number}. {step.title}
                      </h2>
                      <p className="mt-1 text-sm text-muted-foreground">{step.description}</p>
                    </li>
                  ))}
                </ol>
              ),
            },
            {
              id: "benefits",
              label: "Benefits",
              content: (
                <ul className="grid gap-4 sm:grid-cols-2">
                  {FEATURES.map((feature) => (
                    <li key={feature.id} className="rounded-lg border bg-card p-5">
                      <h2 className="font-semibold">{feature.title}</h2>
                      <p className="mt-1 text-sm text-muted-foreground">{feature.description}</p>
                    </li>
                  ))}
                </ul>
              ),
            },
            {
              id: "get-started",
              label: "Get started",
              content: (
                <div className="rounded-lg border bg-card p-6">
                  <ol className="list-decimal space-y-2 pl-5">
                    {GET_STARTED.map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </ol>
                  <Link to="/signup" className={buttonClass({ className: "mt-6" })}>
                    Start Selling Today
                  </Link>
                </div>
              ),
            },
          ]}
        />
      </Section>
      <Section id="faq" title="Frequently asked questions" className="bg-muted/40">
        <FaqList items={LEARN_FAQ} />
      </Section>
    </PageShell>
  );
}
