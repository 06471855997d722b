import type { LegalDocument } from "~/domains/marketing/content/legal";
import { formatLongDate } from "~/lib/format-date";
import { PageHero, PageShell } from "~/components/site/page-shell";

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <PageShell>
      <PageHero title={document.title} lead={document.lead} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <p className="text-sm text-muted-foreground">
          Last updated <time dateTime={document.updated}>{formatLongDate(document.updated)}</time>
        </p>
        {document.sections.map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-xl font-semibold">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-muted-foreground">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
    </PageShell>
  );
}
