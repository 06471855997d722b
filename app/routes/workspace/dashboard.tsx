import { Settings, ShieldCheck } from "lucide-react";
import { Suspense } from "react";
import { Await, Form, Link } from "react-router";
import { Avatar } from "~/domains/workspace/components/avatar";
import { BusinessCard } from "~/domains/workspace/components/business-card";
import { GreetingHeading } from "~/domains/workspace/components/greeting-heading";
import { QuickActions } from "~/domains/workspace/components/quick-actions";
import { PaymentsDashboardLink } from "~/domains/payments/components/payments-dashboard-link";
import { SalesMethodsStatus } from "~/pages/dashboards/components/sales-methods-status";
import { StatCards, StatCardsSkeleton } from "~/domains/workspace/components/stat-cards";
import { ToolsGrid } from "~/domains/workspace/components/tools-grid";
import { Button, ButtonLink } from "~/components/ui/button";
import { DeferredError } from "~/components/ui/deferred-error";
import { quickActionsFor } from "~/domains/workspace/content/quick-actions";
import { toolsFor } from "~/domains/workspace/content/tools";
import { greetingText, hourIn } from "~/domains/workspace/greeting";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/routes/http/require-user.server";
import { dashboardPageQuery } from "~/pages/dashboards/server/dashboard-page-query.server";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import type { Route } from "./+types/dashboard";
import { requestContext } from "~/server/http/request-context.server";
import { PaymentsNotReadyNotice } from "~/flows/checkout/components/payments-not-ready-notice";
import { sellerPaymentOptions } from "~/flows/checkout/server/seller-payment-options.server";
import { useLiveFigures } from "~/pages/dashboards/components/use-live-figures";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Dashboard", description: "Your Sellkit dashboard." }),
  { name: "robots", content: "noindex" },
];

/** Protected; the session check and everything the page shows are one statement. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { id, page } = await requireUser(context.services, requestContext(request), {
    batch: context,
    page: dashboardPageQuery,
  });
  const { profile, business, salesMethods, stats } = page;
  // Whether buyers can pay this seller now (no statement at all while the test provider is on).
  const paymentsReady = (await sellerPaymentOptions(context.services, id)).length > 0;
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    avatarUrl: profile.avatarUrl,
    storeName: profile.storeName,
    paymentsReady,
    greeting: greetingText(hourIn(new Date(), readTimeZone(requestContext(request))), profile.firstName),
    workspace: Promise.resolve({ business, salesMethods, stats }),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, lastName, avatarUrl, storeName, paymentsReady, greeting, workspace } = loaderData;
  // The stat cards follow the creator's orders live.
  const live = useLiveFigures();
  return (
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
      {paymentsReady ? null : <PaymentsNotReadyNotice />}
      <Suspense fallback={<WorkspaceSkeleton />}>
        <Await
          resolve={workspace}
          errorElement={
            <DeferredError
              toastTitle="Failed to load profile data"
              message="Failed to load profile data. Please reload the page to try again."
            />
          }
        >
          {({ business, salesMethods, stats }) => {
            const businessTypes = business?.businessTypes ?? [];
            return (
              <>
                <section
                  id="stats"
                  aria-label="Your figures"
                  className="scroll-mt-24"
                  data-live={live ? "connected" : "connecting"}
                >
                  <StatCards stats={stats} />
                  <p className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
                    <Link to="/orders" className="font-medium text-primary underline underline-offset-4">
                      View orders
                    </Link>
                    <Link to="/customers" className="font-medium text-primary underline underline-offset-4">
                      View customers
                    </Link>
                  </p>
                </section>
                {business ? <BusinessCard business={business} /> : null}
                <ToolsGrid tools={toolsFor(businessTypes)} hasBusinessProfile={Boolean(business)} />
                <QuickActions actions={quickActionsFor(businessTypes)} />
                <PaymentsDashboardLink />
                <SalesMethodsStatus saved={salesMethods} />
              </>
            );
          }}
        </Await>
      </Suspense>
    </div>
  );
}

/** Placeholders the size of what they stand for, while the workspace loads. */
function WorkspaceSkeleton() {
  return (
    <section className="grid gap-10" aria-busy="true" aria-label="Loading your workspace">
      <StatCardsSkeleton />
      <div className="h-48 animate-pulse rounded-lg border bg-muted/60" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {["a", "b", "c"].map((key) => (
          <div key={key} className="h-28 animate-pulse rounded-lg border bg-muted/60" />
        ))}
      </div>
    </section>
  );
}
