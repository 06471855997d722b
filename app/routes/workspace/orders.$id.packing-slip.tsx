import { Printer } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/routes/http/require-user.server";
import { orderNumber } from "~/domains/delivery/content/delivery-rules";
import { addressLines } from "~/domains/orders/fulfilment-display";
import { orderPath } from "~/domains/orders/order-display";
import { orderFulfilmentQuery } from "~/domains/orders/server/order-fulfilment-query.server";
import { orderNotFound } from "./orders.$id.server";
import { formatLongDate } from "~/lib/format-date";
import { pageMeta } from "~/lib/meta";
import { isUuid } from "~/lib/text-formats";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/orders.$id.packing-slip";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData ? `Packing slip ${loaderData.number}` : "Order not found",
    description: "A packing slip to print.",
  }),
  { name: "robots", content: "noindex" },
];

/** A printable packing slip of one of the seller's orders: no prices. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  // A malformed id reads as an order nobody has, so it gets the same 404 after the same sign-in check.
  const query = orderFulfilmentQuery(isUuid(params.id) ? params.id : "00000000-0000-0000-0000-000000000000");
  const user = await requireUser(context.services, ctx, { batch: context, page: query });
  const slip = user.page;
  if (!slip) orderNotFound();
  return {
    orderId: slip.orderId,
    number: orderNumber(slip.orderId),
    storeName: slip.storeName,
    orderedOn: formatLongDate(slip.paidAt ?? slip.createdAt),
    shipTo: slip.shippingAddress ? addressLines(slip.shippingAddress) : [],
    shippingRateName: slip.shippingRateName,
    lines: slip.lines
      .map((line) => ({
        id: line.id,
        productName: line.productName,
        variantTitle: line.variantTitle,
        sku: line.sku,
        quantity: line.quantity - line.refundedQuantity,
      }))
      .filter((line) => line.quantity > 0),
  };
}

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const slip = loaderData;
  return (
    <main className="packing-slip mx-auto grid max-w-3xl gap-8 px-6 py-8 text-sm print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={orderPath(slip.orderId)} className="text-primary underline underline-offset-4">
          Back to the order
        </Link>
        <Button type="button" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          Print
        </Button>
        <noscript>
          <p className="w-full text-muted-foreground">
            Use your browser's Print command (Ctrl+P, or ⌘P on a Mac) to print this packing slip.
          </p>
        </noscript>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-6">
        <div>
          <p className="text-2xl font-bold">{slip.storeName || "Packing slip"}</p>
          <h1 className="mt-1 text-lg font-semibold">Packing slip</h1>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Order number</dt>
          <dd className="font-mono">{slip.number}</dd>
          <dt className="text-muted-foreground">Order date</dt>
          <dd>{slip.orderedOn}</dd>
          {slip.shippingRateName ? (
            <>
              <dt className="text-muted-foreground">Shipping</dt>
              <dd>{slip.shippingRateName}</dd>
            </>
          ) : null}
        </dl>
      </header>
      <section aria-labelledby="ship-to-title" className="grid gap-1">
        <h2 id="ship-to-title" className="font-semibold uppercase tracking-wide text-muted-foreground">
          Ship to
        </h2>
        {slip.shipTo.length ? (
          <address className="whitespace-pre-line text-base not-italic">{slip.shipTo.join("\n")}</address>
        ) : (
          <p>No shipping address was given with this order.</p>
        )}
      </section>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">What is in this order</caption>
        <thead>
          <tr className="border-b-2 border-foreground">
            <th scope="col" className="py-2 pr-3">
              Item
            </th>
            <th scope="col" className="py-2 pr-3">
              Variant
            </th>
            <th scope="col" className="py-2 pr-3">
              SKU
            </th>
            <th scope="col" className="py-2 text-right">
              Quantity
            </th>
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((line) => (
            <tr key={line.id} className="border-b break-inside-avoid">
              <td className="break-words py-2 pr-3">{line.productName}</td>
              <td className="py-2 pr-3">{line.variantTitle || "—"}</td>
              <td className="py-2 pr-3 font-mono">{line.sku || "—"}</td>
              <td className="py-2 text-right text-base font-semibold">{line.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-muted-foreground">Thank you for your order.</p>
    </main>
  );
}
