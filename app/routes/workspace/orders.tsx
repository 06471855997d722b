import { BackLink } from "~/components/ui/back-link";
import { ButtonLink } from "~/components/ui/button";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { CsvExportLink } from "~/domains/customers/components/customer-list";
import { NoOrders, OrderFilter, OrderList } from "~/domains/orders/components/order-list";
import { CUSTOMERS_PATH, customerSearch, ORDERS_EXPORT_PATH } from "~/domains/customers/customer-display";
import { isFulfilmentFilter } from "~/domains/orders/fulfilment-display";
import { isOrderFilter, ORDERS_PATH } from "~/domains/orders/order-display";
import {
  ordersCursorParam,
  parseOrdersCursor,
  sellerOrdersQuery,
} from "~/domains/orders/server/seller-orders-query.server";
import { creatorTimeZone, savedTimeZoneQuery } from "~/kernel/store/creator-time-zone.server";
import { pageMeta } from "~/lib/meta";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Orders", description: "Your store's orders." }),
  { name: "robots", content: "noindex" },
];

/** The seller's orders, newest first, keyset-paged and filtered by status, buyer email and fulfilment. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const requested = ctx.url.searchParams.get("status");
  const status = isOrderFilter(requested) ? requested : null;
  const shipped = ctx.url.searchParams.get("fulfilment");
  const fulfilment = isFulfilmentFilter(shipped) ? shipped : null;
  const search = customerSearch(ctx.url.searchParams.get("q"));
  const after = parseOrdersCursor(ctx.url.searchParams.get("after"));
  const { page: both } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({
      list: sellerOrdersQuery(status, after, search, fulfilment),
      savedTimeZone: savedTimeZoneQuery,
    }),
  });
  const page = both.list;
  const view = {
    ...(status ? { status } : {}),
    ...(search ? { q: search } : {}),
    ...(fulfilment ? { fulfilment } : {}),
  };
  const query = (params: Record<string, string>) =>
    Object.keys(params).length ? `?${new URLSearchParams(params)}` : "";
  const last = page.orders.at(-1);
  const next = page.more && last ? `${ORDERS_PATH}${query({ ...view, after: ordersCursorParam(last) })}` : null;
  const first = after ? `${ORDERS_PATH}${query(view)}` : null;
  const exportHref = `${ORDERS_EXPORT_PATH}${query({ ...(status ? { status } : {}), ...(fulfilment ? { fulfilment } : {}) })}`;
  return {
    orders: page.orders,
    status,
    search,
    fulfilment,
    next,
    first,
    exportHref,
    timeZone: creatorTimeZone(ctx, both.savedTimeZone),
  };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, status, search, fulfilment, next, first, exportHref, timeZone } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <BackLink to="/dashboard">Back to dashboard</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Orders</h1>
      <p className="mt-2 text-lg text-muted-foreground">
        Every checkout of your products, newest first. Times are in your time zone, {timeZone}.
      </p>
      <div className="mt-8 grid gap-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <OrderFilter status={status} search={search} fulfilment={fulfilment} />
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={CUSTOMERS_PATH} variant="outline">
              View customers
            </ButtonLink>
            <ButtonLink to="/payouts" variant="outline">
              View payouts
            </ButtonLink>
            <CsvExportLink href={exportHref}>
              {status || fulfilment ? "Export these orders (CSV)" : "Export orders (CSV)"}
            </CsvExportLink>
          </div>
        </div>
        {orders.length ? (
          <OrderList orders={orders} timeZone={timeZone} />
        ) : (
          <NoOrders filtered={Boolean(status || search || fulfilment || first)} />
        )}
        <KeysetPager
          label="Pages of orders"
          first={first}
          next={next}
          firstLabel="Newest orders"
          nextLabel="Older orders"
        />
      </div>
    </div>
  );
}
