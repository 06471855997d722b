import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { storeCurrencyQuery } from "~/domains/catalog/server/product-page-queries.server";
import { type ComparisonSort, readComparisonFilter, sortComparison } from "~/flows/event-sales/event-comparison";
import { EVENTS_PATH } from "~/flows/event-sales/event-item";
import { eventComparisonQuery } from "~/flows/event-sales/server/event-comparison-query.server";
import { EVENT_TYPES } from "~/domains/sales-methods/content/sales-options";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import { pageMeta } from "~/lib/meta";
import { formatMoney } from "~/lib/money";
import { formatDateTime, resolveTimeZone } from "~/lib/zoned-time";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/events.compare";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Compare events", description: "Which events earn the most for your time." }),
  { name: "robots", content: "noindex" },
];

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
  return {
    filter,
    currency: page.currency,
    timeZone: resolveTimeZone(page.comparison.timeZone),
    rows: sortComparison(page.comparison.rows, filter),
    query: ctx.url.searchParams.toString(),
  };
}

const COLUMNS: { sort: ComparisonSort; label: string }[] = [
  { sort: "date", label: "Date" },
  { sort: "revenue", label: "Revenue" },
  { sort: "net", label: "Net" },
  { sort: "netPerHour", label: "Net per hour" },
  { sort: "units", label: "Units" },
  { sort: "averageSale", label: "Average sale" },
];

/** Every event side by side: revenue, net, net per hour open, units and average sale; sorted, filtered, exported. */
export default function CompareEvents({ loaderData }: Route.ComponentProps) {
  const { filter, currency, timeZone, rows, query } = loaderData;
  const money = (minor: number) => formatMoney(minor, currency);
  const sortUrl = (sort: ComparisonSort) => {
    const params = new URLSearchParams(query);
    params.set("sort", sort);
    params.set("dir", filter.sort === sort && filter.descending ? "asc" : "desc");
    return `${EVENTS_PATH}/compare?${params}`;
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <Link to={EVENTS_PATH} className="text-sm underline underline-offset-4">
        Back to events
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Compare events</h1>
      <Form method="get" className="mt-6 grid gap-3 sm:grid-cols-4 sm:items-end">
        <div className="grid gap-1">
          <Label htmlFor="compare-type">Type</Label>
          <select
            id="compare-type"
            name="type"
            defaultValue={filter.type ?? ""}
            className="h-9 rounded-md border bg-background px-2 text-sm"
          >
            <option value="">All types</option>
            {EVENT_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="compare-from">From</Label>
          <Input id="compare-from" name="from" type="date" defaultValue={filter.from ?? ""} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="compare-to">To</Label>
          <Input id="compare-to" name="to" type="date" defaultValue={filter.to ?? ""} />
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      <p className="mt-4 text-sm">
        <a href={`${EVENTS_PATH}/compare.csv?${query}`} className="font-medium underline underline-offset-4" download>
          Download CSV
        </a>
      </p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Your events' figures; column headers sort the table</caption>
          <thead>
            <tr>
              <th scope="col" className="p-2 text-left">
                Event
              </th>
              {COLUMNS.map((column) => (
                <th
                  key={column.sort}
                  scope="col"
                  className="p-2 text-right"
                  aria-sort={filter.sort === column.sort ? (filter.descending ? "descending" : "ascending") : undefined}
                >
                  <Link to={sortUrl(column.sort)} className="underline underline-offset-4">
                    {column.label}
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="p-4 text-center text-muted-foreground">
                  No events match.
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className="border-t">
                  <td className="p-2">
                    <Link to={`${EVENTS_PATH}/${row.id}`} className="underline underline-offset-4">
                      {row.name}
                    </Link>
                  </td>
                  <td className="p-2 text-right">{formatDateTime(row.startsAt, timeZone)}</td>
                  <td className="p-2 text-right">{money(row.revenueCents)}</td>
                  <td className="p-2 text-right">{money(row.netCents)}</td>
                  <td className="p-2 text-right">{money(row.netPerHourCents)}</td>
                  <td className="p-2 text-right">{row.units}</td>
                  <td className="p-2 text-right">{money(row.averageSaleCents)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
