import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { storeCurrencyQuery } from "~/domains/catalog/server/product-page-queries.server";
import { comparisonCsv, readComparisonFilter, sortComparison } from "~/flows/event-sales/event-comparison";
import { eventComparisonQuery } from "~/flows/event-sales/server/event-comparison-query.server";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import { exportFileName } from "~/lib/csv";
import { resolveTimeZone } from "~/lib/zoned-time";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/events.compare[.]csv";

/** The events comparison, as filtered and sorted on the page, as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const filter = readComparisonFilter(ctx.url.searchParams);
  const { page } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({
      comparison: eventComparisonQuery(filter, resolveTimeZone(readTimeZone(ctx))),
      currency: storeCurrencyQuery,
    }),
  });
  const rows = sortComparison(page.comparison.rows, filter);
  return new Response(comparisonCsv(rows, resolveTimeZone(page.comparison.timeZone), page.currency), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${exportFileName("events")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The export changes nothing: writes are refused plainly. */
export const action = () => methodNotAllowed();
