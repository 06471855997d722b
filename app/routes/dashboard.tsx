import { Settings, ShieldCheck } from "lucide-react";
import { Suspense } from "react";
import { Await, Form } from "react-router";
import { Avatar } from "~/components/dashboard/avatar";
import { BusinessCard } from "~/components/dashboard/business-card";
import { GreetingHeading } from "~/components/dashboard/greeting-heading";
import { QuickActions } from "~/components/dashboard/quick-actions";
import { SalesMethodsStatus } from "~/components/dashboard/sales-methods-status";
import { StatCards, StatCardsSkeleton } from "~/components/dashboard/stat-cards";
import { ToolsGrid } from "~/components/dashboard/tools-grid";
import { PageShell } from "~/components/site/page-shell";
import { Button, ButtonLink } from "~/components/ui/button";
import { DeferredError } from "~/components/ui/deferred-error";
import { quickActionsFor } from "~/content/quick-actions";
import { toolsFor } from "~/content/tools";
import { greetingText, hourIn } from "~/lib/greeting";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/server/auth/require-user.server";
import { getDashboardStats } from "~/server/dashboard/get-dashboard-stats.server";
import { readTimeZone } from "~/server/http/read-time-zone.server";
import { getBusinessCard } from "~/server/profile/get-business-card.server";
import { getProfileSummary } from "~/server/profile/get-profile-summary.server";
import { listSalesMethods } from "~/server/sales/list-sales-methods.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Dashboard", description: "Your Sellkit dashboard." }), { name: "robots", content: "noindex" }];

/**
 * Protected (SPEC §2). Who the creator is comes first; the workspace (business, sales methods, figures)
 * is deferred, so a client-side navigation shows the page with skeletons at once. Server-rendered pages
 * wait for all of it (entry.server), so the first paint is complete.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const user = await requireUser(context.services, request);
  const workspace = Promise.all([getBusinessCard(db, user.id), listSalesMethods(db, user.id), getDashboardStats(db, user.id)]).then(
    ([business, salesMethods, stats]) => ({ business, salesMethods, stats }),
  );
  workspace.catch((error: unknown) => context.services.logger.error({ err: error }, "dashboard workspace not loaded"));
  const profile = await getProfileSummary(db, user.id);
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    avatarUrl: profile.avatarUrl,
    storeName: profile.storeName,
    greeting: greetingText(hourIn(new Date(), readTimeZone(request)), profile.firstName),
    workspace,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, lastName, avatarUrl, storeName, greeting, workspace } = loaderData;
  return (
    <PageShell>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6">
        <header className="flex flex-wrap items-center gap-4">
          <Avatar src={avatarUrl} firstName={firstName} lastName={lastName} />
          <div className="min-w-0 flex-1">
            <GreetingHeading serverText={greeting} firstName={firstName} />
            {storeName ? <p className="text-muted-foreground">{`Managing ${storeName}`}</p> : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <ButtonLink to="/security-settings" variant="outline">
              <ShieldCheck aria-hidden="true" /> Security
            </ButtonLink>
            <ButtonLink to="/settings" variant="outline">
              <Settings aria-hidden="true" /> Settings
            </ButtonLink>
            <Form method="post" action="/logout">
              <Button type="submit" variant="secondary">
                Sign Out
              </Button>
            </Form>
          </div>
        </header>
        <Suspense fallback={<WorkspaceSkeleton />}>
          <Await resolve={workspace} errorElement={<DeferredError toastTitle="Failed to load profile data" message="Failed to load profile data. Please reload the page to try again." />}>
            {({ business, salesMethods, stats }) => {
              const businessTypes = business?.businessTypes ?? [];
              return (
                <>
                  <section id="stats" aria-label="Your figures" className="scroll-mt-24">
                    <StatCards stats={stats} />
                  </section>
                  {business ? <BusinessCard business={business} /> : null}
                  <ToolsGrid tools={toolsFor(businessTypes)} hasBusinessProfile={Boolean(business)} />
                  <QuickActions actions={quickActionsFor(businessTypes)} />
                  <SalesMethodsStatus saved={salesMethods} />
                </>
              );
            }}
          </Await>
        </Suspense>
      </div>
    </PageShell>
  );
}

/** Placeholders the size of what they stand for, while the workspace loads. */
function WorkspaceSkeleton() {
  return (
    <div className="grid gap-10" aria-busy="true" aria-label="Loading your workspace">
      <StatCardsSkeleton />
      <div className="h-48 animate-pulse rounded-lg border bg-muted/60" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {["a", "b", "c"].map((key) => (
          <div key={key} className="h-28 animate-pulse rounded-lg border bg-muted/60" />
        ))}
      </div>
    </div>
  );
}
