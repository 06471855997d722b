import { data } from "react-router";
import { PageShell } from "~/components/site/page-shell";
import { formatMoney } from "~/lib/money";
import { LostLinkForm } from "~/domains/delivery/components/lost-link-form";
import { PurchaseFiles } from "~/domains/delivery/components/purchase-files";
import { PurchaseShipments } from "~/domains/delivery/components/purchase-shipments";
import { FULFILMENT_LABELS, lineTitle, shipmentSummary } from "~/domains/orders/fulfilment-display";
import { httpUrl } from "~/lib/http-url";
import {
  DOWNLOAD_LINK_TTL_SECONDS,
  INVALID_LINK_MESSAGE,
  orderNumber,
  revokedMessage,
} from "~/domains/delivery/content/delivery-rules";
import { signedDownloadPath } from "~/domains/delivery/server/download-signature.server";
import { readPurchase } from "~/domains/delivery/server/read-purchase.server";
import { formatLongDate } from "~/lib/format-date";
import { STATIC_PAGE } from "~/lib/route-handle";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/purchases.$orderId";

export const handle = STATIC_PAGE;

/**
 * Personal page: never cached, indexed or sent on as a Referer. The token stays in the address on purpose,
 * so the buyer's bookmark keeps working.
 */
const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
};

/**
 * The invalid-link page holds a form, and a `no-referrer` page posts with `Origin: null`, which the CSRF check
 * refuses: that page is `same-origin`.
 */
const INVALID_PAGE_HEADERS = { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };

/**
 * The buyer's download page with freshly signed file links; a revoked order is 410, a bad token 404 with the
 * lost-link form.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, env } = context.services;
  const token = new URL(request.url).searchParams.get("token");
  const page = await readPurchase(db, { orderId: params.orderId, token });
  if (page.kind === "invalid")
    return data({ kind: "invalid" as const }, { status: 404, headers: INVALID_PAGE_HEADERS });
  if (page.kind === "revoked") {
    return data(
      { kind: "revoked" as const, productName: page.productName, message: revokedMessage(page.reason) },
      { status: 410, headers: PRIVATE_HEADERS },
    );
  }
  if (page.kind === "pending")
    return data({ kind: "pending" as const, productName: page.productName }, { headers: PRIVATE_HEADERS });
  const { purchase } = page;
  const now = Date.now();
  const shipping = purchase.shipping;
  return data(
    {
      kind: "ok" as const,
      productName: purchase.productName,
      storeName: purchase.storeName,
      orderNumber: orderNumber(purchase.orderId),
      orderedOn: formatLongDate(purchase.orderedAt),
      paid: formatMoney(purchase.amountCents, purchase.currency),
      refunded: purchase.refundedCents > 0 ? formatMoney(purchase.refundedCents, purchase.currency) : null,
      linkMinutes: Math.round(DOWNLOAD_LINK_TTL_SECONDS / 60),
      shipping: shipping
        ? {
            statusLabel: shipping.status === "none" ? "Unfulfilled" : FULFILMENT_LABELS[shipping.status],
            lines: shipping.lines.map((line) => ({
              id: line.id,
              title: lineTitle(line),
              quantity: line.quantity,
              shipped: line.fulfilledQuantity,
            })),
            shipments: shipping.shipments.map((shipment) => ({
              id: shipment.id,
              shippedOn: formatLongDate(shipment.createdAt),
              summary: shipmentSummary(shipment, shipping.lines),
              carrier: shipment.carrier,
              trackingNumber: shipment.trackingNumber,
              href: httpUrl(shipment.trackingUrl),
            })),
          }
        : null,
      files: purchase.files.map((file) => ({
        ...file,
        href: signedDownloadPath(
          env.AUTH_SECRET!,
          { orderId: purchase.orderId, fileId: file.id, email: purchase.customerEmail },
          DOWNLOAD_LINK_TTL_SECONDS,
          now,
        ),
      })),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const title = loaderData?.kind === "ok" ? `Your purchase: ${loaderData.productName}` : "Your purchase";
  const referrer = loaderData?.kind === "invalid" ? "same-origin" : "no-referrer";
  return [
    { title: `${title} | Sellkit` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: referrer },
  ];
};

/** Read-only: the lost-link form posts to /purchases. */
export const action = () => methodNotAllowed();

export default function PurchasePage({ loaderData }: Route.ComponentProps) {
  return (
    <PageShell>
      <div className="mx-auto grid max-w-3xl gap-8 px-4 py-12 sm:px-6 sm:py-16">
        {loaderData.kind === "ok" ? (
          <>
            <header className="grid gap-2">
              <p className="text-sm font-medium text-muted-foreground">Your purchase from {loaderData.storeName}</p>
              <h1 className="break-words text-3xl font-bold tracking-tight">{loaderData.productName}</h1>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Order number</dt>
                <dd>{loaderData.orderNumber}</dd>
                <dt className="text-muted-foreground">Date</dt>
                <dd>{loaderData.orderedOn}</dd>
                <dt className="text-muted-foreground">Amount paid</dt>
                <dd>
                  {loaderData.paid}
                  {loaderData.refunded ? ` (${loaderData.refunded} refunded)` : null}
                </dd>
              </dl>
            </header>
            {loaderData.shipping ? <PurchaseShipments {...loaderData.shipping} /> : null}
            {loaderData.files.length || !loaderData.shipping ? (
              <section aria-labelledby="files-title" className="grid gap-3">
                <h2 id="files-title" className="text-xl font-semibold">
                  Your files
                </h2>
                <PurchaseFiles files={loaderData.files} />
                <p className="text-sm text-muted-foreground">
                  The download links on this page work for {loaderData.linkMinutes} minutes; reload the page for fresh
                  ones. Bookmark this page or keep your receipt: the address is your access to your purchase.
                </p>
              </section>
            ) : null}
          </>
        ) : loaderData.kind === "revoked" ? (
          <section className="grid gap-3 text-center">
            <h1 className="text-2xl font-bold">Access revoked</h1>
            <p>{loaderData.message}</p>
            <p className="text-sm text-muted-foreground">
              If you think this is a mistake, please contact the seller of {loaderData.productName}.
            </p>
          </section>
        ) : loaderData.kind === "pending" ? (
          <section className="grid gap-3 text-center">
            <h1 className="text-2xl font-bold">Your payment is being confirmed</h1>
            <p>
              We have not received the payment for {loaderData.productName} yet. This page will list your files as soon
              as it arrives, and we will email you a receipt.
            </p>
          </section>
        ) : (
          <section aria-labelledby="invalid-title" className="grid gap-4">
            <h1 id="invalid-title" className="text-2xl font-bold">
              Link not valid
            </h1>
            <p>{INVALID_LINK_MESSAGE}</p>
            <LostLinkForm />
          </section>
        )}
      </div>
    </PageShell>
  );
}
