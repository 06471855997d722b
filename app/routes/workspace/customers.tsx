import { BackLink } from "~/components/ui/back-link";
import { ButtonLink } from "~/components/ui/button";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { CsvExportLink, CustomerFilter, CustomerList, NoCustomers } from "~/domains/customers/components/customer-list";
import {
  CustomerViewTabs,
  NoSubscribers,
  PendingSignups,
  SubscriberList,
} from "~/domains/customers/components/subscriber-list";
import {
  CUSTOMERS_EXPORT_PATH,
  CUSTOMERS_PATH,
  customerSearch,
  isCustomerSort,
  SUBSCRIBERS_EXPORT_PATH,
  SUBSCRIBERS_PATH,
} from "~/domains/customers/customer-display";
import { ORDERS_PATH } from "~/domains/orders/order-display";
import {
  customersCursorParam,
  parseCustomersCursor,
  sellerCustomersQuery,
} from "~/domains/customers/server/customers-query.server";
import {
  parseSubscribersCursor,
  sellerSubscribersQuery,
  subscribersCursorParam,
} from "~/domains/customers/server/subscribers-query.server";
import { creatorTimeZone, savedTimeZoneQuery } from "~/kernel/store/creator-time-zone.server";
import { pageMeta } from "~/lib/meta";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Customers", description: "The buyers of your store." }),
  { name: "robots", content: "noindex" },
];

/** The seller's subscribers, newest sign-up first, a page at a time. */
async function subscribersView({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const after = parseSubscribersCursor(ctx.url.searchParams.get("after"));
  const { page } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({ list: sellerSubscribersQuery(after), savedTimeZone: savedTimeZoneQuery }),
  });
  const last = page.list.subscribers.at(-1);
  return {
    view: "subscribers" as const,
    subscribers: page.list.subscribers,
    pending: page.list.pending,
    next:
      page.list.more && last
        ? `${SUBSCRIBERS_PATH}&${new URLSearchParams({ after: subscribersCursorParam(last) })}`
        : null,
    first: after ? SUBSCRIBERS_PATH : null,
    timeZone: creatorTimeZone(ctx, page.savedTimeZone),
  };
}

/** The seller's customers, one per buyer email, sorted, paged and searchable by email. */
export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const ctx = requestContext(request);
  const params = ctx.url.searchParams;
  if (params.get("view") === "subscribers") return subscribersView(args);
  const requested = params.get("sort");
  const sort = isCustomerSort(requested) ? requested : "last";
  const search = customerSearch(params.get("q"));
  const after = parseCustomersCursor(sort, params.get("after"));
  const { page: both } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({ list: sellerCustomersQuery(sort, search, after), savedTimeZone: savedTimeZoneQuery }),
  });
  const page = both.list;
  const view = { ...(search ? { q: search } : {}), ...(sort !== "last" ? { sort } : {}) };
  const last = page.customers.at(-1);
  const next =
    page.more && last
      ? `${CUSTOMERS_PATH}?${new URLSearchParams({ ...view, after: customersCursorParam(sort, last) })}`
      : null;
  const query = new URLSearchParams(view).toString();
  const first = after ? `${CUSTOMERS_PATH}${query ? `?${query}` : ""}` : null;
  const exportHref = `${CUSTOMERS_EXPORT_PATH}${search ? `?${new URLSearchParams({ q: search })}` : ""}`;
  return {
    view: "customers" as const,
    customers: page.customers,
    search,
    sort,
    next,
    first,
    exportHref,
    timeZone: creatorTimeZone(ctx, both.savedTimeZone),
  };
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "subscribers") {
    const { subscribers, pending, next, first, timeZone } = loaderData;
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <BackLink to="/dashboard">Back to dashboard</BackLink>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Customers</h1>
        <p className="mt-2 text-lg text-muted-foreground">
          Everyone who signed up for your news and confirmed it from the email we sent them, newest first, with the
          consent they gave. Times are in your time zone, {timeZone}.
        </p>
        <div className="mt-8 grid gap-6">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <CustomerViewTabs view="subscribers" />
            <CsvExportLink href={SUBSCRIBERS_EXPORT_PATH}>Export subscribers (CSV)</CsvExportLink>
          </div>
          {pending > 0 ? <PendingSignups count={pending} /> : null}
          {subscribers.length ? (
            <SubscriberList subscribers={subscribers} timeZone={timeZone} />
          ) : (
            <NoSubscribers paged={Boolean(first)} />
          )}
          <KeysetPager
            label="Pages of subscribers"
            first={first}
            next={next}
            firstLabel="First page"
            nextLabel="Next subscribers"
          />
        </div>
      </div>
    );
  }
  const { customers, search, sort, next, first, exportHref, timeZone } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <BackLink to="/dashboard">Back to dashboard</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Customers</h1>
      <p className="mt-2 text-lg text-muted-foreground">
        Everyone who paid for your products, once per email. Total spent is net of refunds. Times are in your time zone,{" "}
        {timeZone}.
      </p>
      <div className="mt-8 grid gap-6">
        <CustomerViewTabs view="customers" />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <CustomerFilter search={search} sort={sort} />
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={ORDERS_PATH} variant="outline">
              View orders
            </ButtonLink>
            <CsvExportLink href={exportHref}>Export customers (CSV)</CsvExportLink>
          </div>
        </div>
        {customers.length ? (
          <CustomerList customers={customers} timeZone={timeZone} />
        ) : (
          <NoCustomers searched={Boolean(search || first)} />
        )}
        <KeysetPager
          label="Pages of customers"
          first={first}
          next={next}
          firstLabel="First page"
          nextLabel="Next customers"
        />
      </div>
    </div>
  );
}
