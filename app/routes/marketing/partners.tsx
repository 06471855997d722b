import { Link } from "react-router";
import { PageHero, PageShell, Section } from "~/components/site/page-shell";
import { buttonClass } from "~/components/ui/button";
import { PARTNER_PROGRAMS, PARTNERS } from "~/domains/marketing/content/partners";
import { pageMeta } from "~/lib/meta";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/partners";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Partners",
    description: "Payments, tax, email and point-of-sale partners that work with Sellkit.",
  });

export default function Partners() {
  return (
    <PageShell>
      <PageHero title="Partners" lead="Tools that work with Sellkit, and programmes to grow with us." />
      <Section id="partner-list" title="Our partners">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {PARTNERS.map((partner) => (
            <li key={partner.name} className="flex gap-4 rounded-lg border bg-card p-6">
              <span
                aria-hidden="true"
                className="grid size-12 shrink-0 place-items-center rounded-md bg-secondary font-bold text-secondary-foreground"
              >
                {partner.logo}
              </span>
              <div>
                <h3 className="font-semibold">{partner.name}</h3>
                <p className="text-xs font-medium uppercase tracking-wide text-primary">{partner.type}</p>
                <p className="mt-2 text-sm text-muted-foreground">{partner.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="programmes" title="Become a partner" className="bg-muted/40">
        <ul className="grid gap-6 md:grid-cols-3">
          {PARTNER_PROGRAMS.map((programme) => (
            <li key={programme.title} className="rounded-lg border bg-card p-6">
              <h3 className="font-semibold">{programme.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{programme.description}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link to="/contact" className={buttonClass()}>
            Contact our partner team
          </Link>
        </div>
      </Section>
    </PageShell>
  );
}
