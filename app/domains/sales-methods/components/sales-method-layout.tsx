import type { ReactNode } from "react";
import { BackLink } from "~/components/ui/back-link";
import { salesMethod, type SalesMethodKey } from "~/domains/sales-methods/content/sales-methods";
import { pageMeta } from "~/lib/meta";

/** The frame of a sales-method form: back link, heading, lead, the form and an optional side card. */
export function SalesMethodLayout({
  method,
  lead,
  saved,
  aside,
  children,
}: {
  method: SalesMethodKey;
  lead: string;
  saved: boolean;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const { title } = salesMethod(method);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <BackLink to="/dashboard">Back to sales methods</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground">{lead}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {saved
          ? "Your saved setup is shown below: change anything and save again."
          : "Nothing saved yet: fill in the form and save it to your account."}
      </p>
      <div className={aside ? "mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]" : "mt-8"}>
        <div className="min-w-0">{children}</div>
        {aside ? <aside className="min-w-0">{aside}</aside> : null}
      </div>
    </div>
  );
}

/** Meta of a sales-method form page: its heading as the title; signed-in pages are not indexed. */
export function salesMethodMeta(method: SalesMethodKey) {
  const { title } = salesMethod(method);
  return [...pageMeta({ title, description: `${title} on Sellkit.` }), { name: "robots", content: "noindex" }];
}
