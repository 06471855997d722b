import type { ReactNode } from "react";
import { data, isRouteErrorResponse, Link, useNavigation } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { PlatformFiguresTable } from "~/domains/social/components/platform-figures-table";
import { socialPostsQuery } from "~/domains/social/server/social-page-query.server";
import { type PlatformFigures, platformFigures } from "~/domains/social/social-post";
import { ANALYTICS_PATH, formatDayRange } from "~/domains/analytics/analytics-display";
import { parseRange } from "~/domains/analytics/analytics-range";
import { calendarDayNumber } from "~/lib/text-formats";
import { AnalyticsChart } from "~/domains/analytics/components/analytics-chart";
import { ProductBreakdown, SourceBreakdown } from "~/domains/analytics/components/breakdown-tables";
import { FigureCards } from "~/domains/analytics/components/figure-cards";
import { RangePicker } from "~/domains/analytics/components/range-picker";
import { analyticsQuery } from "~/domains/analytics/server/analytics-query.server";
import { PlanLock } from "~/domains/billing/components/plan-lock";
import { checkPlanFeature, type PlanFeatureRefusal } from "~/domains/billing/plan-gates";
import { planInForceQuery } from "~/domains/billing/server/plan-in-force-query.server";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import { ERRORS } from "~/lib/errors";
import { pageMeta } from "~/lib/meta";
import { resolveTimeZone } from "~/lib/zoned-time";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Analytics", description: "Your store's sales and visits over time." }),
  { name: "robots", content: "noindex" },
];

/**
 * Protected; the range comes from the URL and the session check and every figure are one statement.
 * An unreadable range is answered with its error, never replaced.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const parsed = parseRange(ctx.url.searchParams);
  if (!parsed.ok) {
    await requireUser(context.services, ctx, { batch: context });
    const spec = ERRORS[parsed.code];
    return data(
      {
        report: null,
        range: null,
        error: { code: parsed.code, field: spec.field, message: parsed.message },
        from: parsed.from,
        to: parsed.to,
      },
      { status: spec.status },
    );
  }
  const fallbackTimeZone = resolveTimeZone(readTimeZone(ctx));
  const { page } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({
      report: analyticsQuery({ range: parsed.range, fallbackTimeZone }),
      posts: socialPostsQuery,
      plan: planInForceQuery,
    }),
  });
  // Detailed analytics (sales and views by source) leave the server only on a plan that includes them.
  const detailed = checkPlanFeature(page.plan, "detailed_analytics");
  const report = detailed.ok ? page.report : { ...page.report, sources: [] };
  return {
    report,
    sourcesLock: detailed.ok ? null : detailed,
    social: platformFigures(page.posts),
    range: parsed.range,
    error: null,
    from: report.from,
    to: report.to,
  };
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { report, range, error, from, to } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === ANALYTICS_PATH;
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <div>
        <BackLink to="/dashboard">Back to dashboard</BackLink>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Analytics</h1>
        <p className="mt-2 text-muted-foreground">
          {report ? (
            <>
              Sales and visits of your store from {formatDayRange(report.from, report.to)}, by calendar day in your time
              zone, {report.timeZone} (
              <Link to="/settings#time-zone" className="font-medium text-primary underline underline-offset-4">
                change it
              </Link>
              ).
            </>
          ) : (
            "Sales and visits of your store over the dates you choose."
          )}
        </p>
      </div>
      <RangePicker range={range} from={from} to={to} error={error} />
      <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
        {loading ? (
          <p role="status" className="mb-3 text-sm text-muted-foreground">
            Loading the figures…
          </p>
        ) : null}
        {report ? (
          <Report
            report={report}
            social={"social" in loaderData ? loaderData.social : []}
            sourcesLock={"sourcesLock" in loaderData ? loaderData.sourcesLock : null}
          />
        ) : null}
      </div>
    </div>
  );
}

function Report({
  report,
  social,
  sourcesLock,
}: {
  report: NonNullable<Route.ComponentProps["loaderData"]["report"]>;
  social: readonly PlatformFigures[];
  sourcesLock: PlanFeatureRefusal | null;
}) {
  const previousLabel = formatDayRange(report.previousFrom, report.previousTo);
  const days = (calendarDayNumber(report.to) ?? 0) - (calendarDayNumber(report.from) ?? 0) + 1;
  const noSales = report.current.orders === 0;
  const noViews = report.current.views === 0;
  return (
    <div className="grid gap-6">
      <section aria-labelledby="figures-heading" className="grid gap-3">
        <h2 id="figures-heading" className="text-xl font-semibold">
          Figures for {formatDayRange(report.from, report.to)}
        </h2>
        <FigureCards report={report} previousLabel={previousLabel} />
        <p className="text-xs text-muted-foreground">
          Changes compare with the {days === 1 ? "day" : `${days} days`} just before ({previousLabel}). Revenue is what
          buyers paid in {report.currency} less refunds; a refunded order still counts as an order, a disputed one does
          not. Conversion rate is orders divided by unique visitors.
        </p>
      </section>
      {noSales || noViews ? (
        <p className="rounded-lg border border-dashed p-4 text-sm">
          {noSales && noViews
            ? "No sales and no page views in this period yet. Once people visit your store and buy, their figures appear here."
            : noSales
              ? "No sales in this period yet: your pages were viewed, and orders will appear here as soon as someone buys."
              : "No page views were counted in this period: sales made from elsewhere still appear here."}{" "}
          <Link to="/tools/products" className="font-medium text-primary underline underline-offset-4">
            Go to your products
          </Link>
        </p>
      ) : null}
      <ReportSection id="chart-heading" title="Over time">
        <AnalyticsChart report={report} />
      </ReportSection>
      <ReportSection id="products-heading" title="By product">
        <ProductBreakdown report={report} />
      </ReportSection>
      <ReportSection id="sources-heading" title="By source">
        {sourcesLock ? <PlanLock gate={sourcesLock} /> : <SourceBreakdown report={report} />}
      </ReportSection>
      {social.length ? (
        <ReportSection id="social-heading" title="Social posts by platform (all time)">
          <PlatformFiguresTable rows={social} currency={report.currency} />
        </ReportSection>
      ) : null}
    </div>
  );
}

/** One titled card of the report (its heading names the section for screen readers). */
function ReportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.status < 500
      ? error.data
      : "Your analytics could not be loaded. Please try again in a moment.";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <BackLink to="/dashboard">Back to dashboard</BackLink>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Analytics</h1>
      <p role="alert" className="mt-4">
        {message}
      </p>
      <p className="mt-4">
        <Link to={ANALYTICS_PATH} className="font-medium text-primary underline underline-offset-4">
          Try again
        </Link>
      </p>
    </div>
  );
}
