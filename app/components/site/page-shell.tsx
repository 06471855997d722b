import type { ReactNode } from "react";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { SkipLink } from "./skip-link";

/** Header, main landmark and footer around a public page. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** The title block at the top of a public page. */
export function PageHero({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <section className="border-b bg-gradient-to-b from-secondary/60 to-background">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {lead ? <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

export function Section({
  id,
  title,
  lead,
  children,
  className,
}: {
  id?: string;
  title?: string;
  lead?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={title && id ? `${id}-title` : undefined} className={className}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        {title ? (
          <div className="mx-auto mb-10 max-w-2xl text-center">
            <h2 id={id ? `${id}-title` : undefined} className="text-3xl font-bold tracking-tight">
              {title}
            </h2>
            {lead ? <p className="mt-3 text-muted-foreground">{lead}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
