import { data } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { spentText } from "~/domains/customers/components/customer-list";
import { OrderList } from "~/domains/orders/components/order-list";
import { CUSTOMERS_PATH, customerPath, subscriberSourceLabel } from "~/domains/customers/customer-display";
import { sellerCustomerQuery } from "~/domains/customers/server/customers-query.server";
import { ordersCursorParam, parseOrdersCursor } from "~/domains/orders/server/seller-orders-query.server";
import { creatorTimeZone, savedTimeZoneQuery } from "~/kernel/store/creator-time-zone.server";
import { ERRORS, type ErrorBody } from "~/lib/errors";
import { pageMeta } from "~/lib/meta";
import { hasControlCharacter } from "~/lib/text-formats";
import { formatDateTime } from "~/lib/zoned-time";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/customers.$email";

function customerNotFound(): never {
  throw data<ErrorBody>({ code: "CUSTOMER_NOT_FOUND", message: ERRORS.CUSTOMER_NOT_FOUND.message }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Customer", description: "One buyer of your store." }),
  { name: "robots", content: "noindex" },
];

/** One of the seller's customers with their orders; 404 when they never paid this seller. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const email = params.email.trim().slice(0, 320);
  const after = parseOrdersCursor(ctx.url.searchParams.get("after"));
  // No stored email holds a control character (and PostgreSQL text cannot hold a NUL): nobody to look up.
  if (hasControlCharacter(email)) {
    await requireUser(context.services, ctx, { batch: context });
    customerNotFound();
  }
  const { page } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({ customer: sellerCustomerQuery(email, after), savedTimeZone: savedTimeZoneQuery }),
  });
  const { customer } = page;
  if (!customer) customerNotFound();
  const last = customer.orderList.at(-1);
  const next =
    customer.more && last
      ? `${customerPath(customer.email)}?${new URLSearchParams({ after: ordersCursorParam(last) })}`
      : null;
  const first = after ? customerPath(customer.email) : null;
  return { customer, next, first, timeZone: creatorTimeZone(ctx, page.savedTimeZone) };
}

export default function CustomerPage({ loaderData }: Route.ComponentProps) {
  const { customer, next, first, timeZone } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <BackLink to={CUSTOMERS_PATH}>Back to customers</BackLink>
      <h1 className="mt-4 break-all text-3xl font-bold tracking-tight">{customer.email}</h1>
      <dl className="mt-6 grid gap-4 rounded-lg border p-4 sm:grid-cols-4">
        <div>
          <dt className="text-sm text-muted-foreground">First purchase</dt>
          <dd className="font-medium">{formatDateTime(customer.firstPurchaseAt, timeZone)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Last purchase</dt>
          <dd className="font-medium">{formatDateTime(customer.lastPurchaseAt, timeZone)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Orders</dt>
          <dd className="font-medium">{customer.orders}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Total spent</dt>
          <dd className="font-medium">{spentText(customer.spent)}</dd>
        </div>
      </dl>
      {customer.subscription ? (
        <p className="mt-4 text-muted-foreground">
          {customer.subscription.unsubscribedAt
            ? `Unsubscribed ${formatDateTime(customer.subscription.unsubscribedAt, timeZone)}`
            : `Subscriber since ${formatDateTime(customer.subscription.consentedAt, timeZone)}`}{" "}
          (signed up on {subscriberSourceLabel(customer.subscription.source)}).
        </p>
      ) : null}
      <h2 className="mt-8 text-xl font-semibold">Orders</h2>
      <p className="mt-1 text-muted-foreground">
        Every order with this email, newest first, including unpaid checkouts. Times are in your time zone, {timeZone}.
      </p>
      <div className="mt-4 grid gap-6">
        <OrderList orders={customer.orderList} timeZone={timeZone} />
        <KeysetPager
          label="Pages of this customer's orders"
          first={first}
          next={next}
          firstLabel="Newest orders"
          nextLabel="Older orders"
        />
      </div>
    </div>
  );
}
