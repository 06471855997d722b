import { PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { FaqList } from "~/domains/marketing/components/faq-list";
import { PageHero, PageShell, Section } from "~/components/site/page-shell";
import { HELP_FAQ, VIDEO_TUTORIALS } from "~/domains/marketing/content/faq";
import { HELP_FACTS } from "~/domains/marketing/content/marketing";
import { pageMeta } from "~/lib/meta";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/help";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Help Center",
    description: "Answers about uploads, payouts, delivery and payments, plus video tutorials.",
  });

export default function Help() {
  return (
    <PageShell>
      <PageHero title="Help Center" lead="Answers to common questions, and short videos to get you started." />
      <Section id="facts">
        <dl className="grid gap-4 sm:grid-cols-3">
          <div className="rounded-lg border bg-card p-6">
            <dt className="text-sm text-muted-foreground">Maximum file size</dt>
            <dd className="mt-1 text-lg font-semibold">{HELP_FACTS.maxFileSize} per product</dd>
          </div>
          <div className="rounded-lg border bg-card p-6">
            <dt className="text-sm text-muted-foreground">Payouts</dt>
            <dd className="mt-1 text-lg font-semibold">
              Typically within {HELP_FACTS.payoutBusinessDays} business days
            </dd>
          </div>
          <div className="rounded-lg border bg-card p-6">
            <dt className="text-sm text-muted-foreground">Support replies</dt>
            <dd className="mt-1 text-lg font-semibold">Within {HELP_FACTS.contactReplyBusinessDays} business days</dd>
          </div>
        </dl>
      </Section>
      <Section id="faq" title="Frequently asked questions" className="bg-muted/40">
        <FaqList items={HELP_FAQ} />
      </Section>
      <Section id="videos" title="Video tutorials" lead="Tutorials are being recorded and will appear here soon.">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VIDEO_TUTORIALS.map((video) => (
            <li key={video.title} className="overflow-hidden rounded-lg border bg-card">
              <div className="grid aspect-video place-items-center bg-muted text-muted-foreground">
                <PlayCircle aria-hidden="true" className="size-10" />
              </div>
              <div className="p-4">
                <h3 className="font-semibold">{video.title}</h3>
                <p className="text-sm text-muted-foreground">{video.duration} · Coming soon</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-sm text-muted-foreground">
          Still stuck?{" "}
          <Link to="/contact" className="text-primary underline">
            Contact us
          </Link>{" "}
          — we reply within {HELP_FACTS.contactReplyBusinessDays} business days.
        </p>
      </Section>
    </PageShell>
  );
}
