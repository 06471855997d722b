import { BackLink } from "~/components/ui/back-link";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { formatMoney } from "~/lib/money";
import { OrderStatusBadge } from "~/domains/orders/components/order-status-badge";
import { OrderItems } from "~/domains/orders/components/order-items";
import { OrderTimeline } from "~/domains/orders/components/order-timeline";
import { type RefundAnswer, RefundPanel } from "~/domains/orders/components/refund-panel";
import { ResendReceiptForm } from "~/domains/orders/components/resend-receipt-form";
import { FulfilmentPanel } from "~/domains/orders/components/fulfilment-panel";
import { FULFIL_INTENT, type FulfilAnswer } from "~/domains/orders/schemas/fulfil";
import { orderFulfilmentQuery } from "~/domains/orders/server/order-fulfilment-query.server";
import {
  displayStatus,
  leftToRefund,
  ORDER_STATUS_LABELS,
  ORDERS_PATH,
  orderOriginLabel,
  refundLinesText,
  refundStateText,
} from "~/domains/orders/order-display";
import { orderTimeline } from "~/domains/orders/order-timeline";
import { RESEND_RECEIPT_INTENT } from "~/domains/orders/schemas/resend-receipt";
import { sellerOrderQuery } from "~/domains/orders/server/seller-orders-query.server";
import { creatorTimeZone, savedTimeZoneQuery } from "~/kernel/store/creator-time-zone.server";
import {
  orderNotFound,
  type ResendReceiptAnswer,
  submitFulfilment,
  submitRefund,
  submitResendReceipt,
} from "./orders.$id.server";
import type { ProviderId } from "~/domains/payments/server/payment-provider.server";
import { pageMeta } from "~/lib/meta";
import { formatDateTime } from "~/lib/zoned-time";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/orders.$id";
import { isUuid } from "~/lib/text-formats";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData ? `Order of ${loaderData.order.productName || "a product"}` : "Order not found",
    description: "One order of your store.",
  }),
  { name: "robots", content: "noindex" },
];

/** One of the seller's orders (another seller's: 404); its forms are told apart by `intent`. */
async function readOrder({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const ctx = requestContext(request);
  if (!isUuid(params.id)) {
    await requireUser(context.services, ctx, { batch: context });
    orderNotFound();
  }
  const user = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({
      order: sellerOrderQuery(params.id),
      fulfilment: orderFulfilmentQuery(params.id),
      savedTimeZone: savedTimeZoneQuery,
    }),
  });
  if (!user.page.order) orderNotFound();
  return {
    ctx,
    user,
    order: user.page.order,
    fulfilment: user.page.fulfilment,
    timeZone: creatorTimeZone(ctx, user.page.savedTimeZone),
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { order, fulfilment, timeZone } = await readOrder(args);
  const providerReady = Boolean(order.provider && args.context.services.payments[order.provider as ProviderId]);
  const leftCents = leftToRefund(order);
  return { order, fulfilment, timeline: orderTimeline(order, fulfilment), providerReady, leftCents, timeZone };
}

export async function action(args: Route.ActionArgs) {
  const { ctx, user, order } = await readOrder(args);
  const formData = await readFormData(args.request);
  if (formData.get("intent") === FULFIL_INTENT)
    return submitFulfilment(args.context.services, user, order.id, formData);
  if (formData.get("intent") === RESEND_RECEIPT_INTENT)
    return submitResendReceipt(args.context.services, user, order.id, formData, ctx.meta);
  const refunding = { id: order.id, currency: order.currency, leftCents: leftToRefund(order) };
  return submitRefund(args.context.services, user, refunding, formData, ctx.meta);
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, fulfilment, timeline, providerReady, leftCents, timeZone } = loaderData;
  const fulfilAnswer =
    (actionData as { form?: string } | undefined)?.form === FULFIL_INTENT ? (actionData as FulfilAnswer) : undefined;
  const resendAnswer =
    (actionData as { form?: string } | undefined)?.form === "resend-receipt"
      ? (actionData as ResendReceiptAnswer)
      : undefined;
  const refundAnswer = resendAnswer || fulfilAnswer ? undefined : (actionData as RefundAnswer | undefined);
  const status = displayStatus(order);
  const money = (cents: number) => formatMoney(cents, order.currency);
  const refundable = order.status === "paid" && leftCents > 0;
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-8 sm:px-6">
      <div>
        <BackLink to={ORDERS_PATH}>Back to orders</BackLink>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 break-words text-3xl font-bold tracking-tight">
            {order.productName || "Deleted product"}
          </h1>
          <OrderStatusBadge status={status} />
        </div>
        <p className="mt-2 break-all text-muted-foreground">
          Bought by {order.customerEmail} on {formatDateTime(order.createdAt, timeZone)} ({timeZone})
        </p>
      </div>
      <OrderItems lines={order.lines} currency={order.currency} />
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">Amounts</h2>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd className="text-right">{money(order.subtotalCents)}</dd>
            <dt className="text-muted-foreground">Discount{order.discountCode ? ` (${order.discountCode})` : ""}</dt>
            <dd className="text-right">{order.discountCents ? `−${money(order.discountCents)}` : money(0)}</dd>
            {order.discountOverLimit ? (
              <dd className="col-span-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-sm">
                Used past the code's limit: the payment arrived after its last use was taken.
              </dd>
            ) : null}
            {order.shippingCents ? (
              <>
                <dt className="text-muted-foreground">Shipping</dt>
                <dd className="text-right">{money(order.shippingCents)}</dd>
              </>
            ) : null}
            <dt className="font-semibold">Total paid by the buyer</dt>
            <dd className="text-right font-semibold">{money(order.amountCents)}</dd>
            <dt className="text-muted-foreground">Sellkit fee</dt>
            <dd className="text-right">{money(order.platformFeeCents)}</dd>
            <dt className="text-muted-foreground">Refunded</dt>
            <dd className="text-right">{money(order.refundedCents)}</dd>
            <dt className="text-muted-foreground">Payment provider</dt>
            <dd className="text-right">{order.provider ?? "—"}</dd>
            <dt className="text-muted-foreground">Came from</dt>
            <dd className="break-all text-right">{orderOriginLabel(order)}</dd>
          </dl>
        </CardContent>
      </Card>
      {fulfilment ? <FulfilmentPanel fulfilment={fulfilment} answer={fulfilAnswer} timeZone={timeZone} /> : null}
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">Refund</h2>
        </CardHeader>
        <CardContent>
          {!refundable ? (
            <p className="text-sm text-muted-foreground">
              {order.status === "paid"
                ? "Nothing is left to refund on this order."
                : `Only paid orders can be refunded; this one is ${ORDER_STATUS_LABELS[status].toLowerCase()}.`}
            </p>
          ) : !providerReady ? (
            <p role="alert" className="text-sm text-destructive">
              This order was paid through a payment provider that is not configured on this server, so it cannot be
              refunded here. Refund it in the provider's dashboard.
            </p>
          ) : (
            <RefundPanel
              key={`${order.refundedCents}-${leftCents}`}
              orderId={order.id}
              leftCents={leftCents}
              currency={order.currency}
              lines={order.lines}
              buyerEmail={order.customerEmail}
              answer={refundAnswer}
            />
          )}
          {order.refunds.length ? (
            <ul className="mt-4 grid gap-1 text-sm" aria-label="Refunds">
              {order.refunds.map((refund) => (
                <li key={refund.id}>
                  {money(refund.amountCents)}
                  {refund.lines.length ? ` for ${refundLinesText(refund, order.lines)}` : ""} on{" "}
                  {formatDateTime(refund.createdAt, timeZone)}: {refundStateText(refund.status)}
                  {refund.feeRefundedCents ? ` (Sellkit fee given back: ${money(refund.feeRefundedCents)})` : ""}
                </li>
              ))}
            </ul>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">Receipt</h2>
        </CardHeader>
        <CardContent>
          {order.status === "paid" ? (
            <ResendReceiptForm buyerEmail={order.customerEmail} answer={resendAnswer} />
          ) : (
            <p className="text-sm text-muted-foreground">
              Only paid orders have a receipt to send again; this one is {ORDER_STATUS_LABELS[status].toLowerCase()}.
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">Timeline</h2>
          <p className="text-sm text-muted-foreground">Times are in your time zone, {timeZone}.</p>
        </CardHeader>
        <CardContent>
          <OrderTimeline entries={timeline} timeZone={timeZone} />
        </CardContent>
      </Card>
    </div>
  );
}
