import { useEffect } from "react";
import { data, useRevalidator } from "react-router";
import { formatMoney } from "~/lib/money";
import { LOST_LINK_PATH } from "~/domains/delivery/content/delivery-rules";
import { TestModeBanner } from "~/flows/checkout/components/test-mode-banner";
import { readOrderOutcome } from "~/flows/checkout/server/read-order-outcome.server";
import { ERRORS } from "~/lib/errors";
import { EmbedFrameScript, EmbedPaidOrder } from "~/domains/sales-methods/components/embed-frame-script";
import { embedQueryOf } from "~/domains/sales-methods/embed/allowed-origins";
import { paymentPageOrigins } from "~/domains/payments/server/payment-page-origins.server";
import type { Route } from "./+types/checkout.$orderId";

/** How often a pending order's page asks again (with JavaScript; without, the buyer uses "Check again"). */
const POLL_MS = 2000;

/** The buyer's return from the payment page; without the order's secret return key it is a 404. */
/** In embed mode, the provider's hosted page to open in a new tab (`pay`), only on a payment provider's origin. */
function providerPageOf(url: URL, env: Parameters<typeof paymentPageOrigins>[0]): string | null {
  const pay = url.searchParams.get("pay");
  if (!pay) return null;
  try {
    const page = new URL(pay);
    return paymentPageOrigins(env).includes(page.origin) ? page.href : null;
  } catch {
    return null;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const key = url.searchParams.get("key") ?? "";
  const outcome = await readOrderOutcome(context.services, params.orderId, key);
  if (!outcome) throw data({ code: "ORDER_NOT_FOUND", message: ERRORS.ORDER_NOT_FOUND.message }, { status: 404 });
  return data(
    {
      status: outcome.status,
      cancelled: url.searchParams.get("cancelled") === "1",
      testMode: outcome.provider === "test",
      customerEmail: outcome.customerEmail,
      productName: outcome.productName,
      storeName: outcome.storeName,
      amount: formatMoney(outcome.amountCents, outcome.currency),
      failureMessage: outcome.failureMessage,
      retryPath: outcome.retryPath,
      downloadUrl: outcome.downloadUrl,
      selfPath: `${url.pathname}${url.search}`,
      orderId: params.orderId,
      embedHost: embedQueryOf(url.searchParams)?.host ?? null,
      providerPageUrl: embedQueryOf(url.searchParams) ? providerPageOf(url, context.services.env) : null,
    },
    { headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.testMode ? "TEST MODE · " : ""}Your order: ${loaderData.productName}`
      : "Order not found · Sellkit",
  },
  { name: "description", content: "The state of your order: payment, receipt and the link to your files." },
  // Never indexed: one buyer's order, opened with its secret key.
  { name: "robots", content: "noindex, nofollow" },
];

function TryAgain({ retryPath }: { retryPath: string | null }) {
  return retryPath ? (
    <a
      href={retryPath}
      className="inline-flex h-11 items-center justify-center rounded-md bg-primary px-5 font-semibold text-primary-foreground hover:bg-primary/90"
    >
      Try again
    </a>
  ) : null;
}

export default function CheckoutReturnPage({ loaderData }: Route.ComponentProps) {
  const {
    status,
    cancelled,
    testMode,
    customerEmail,
    productName,
    storeName,
    amount,
    failureMessage,
    retryPath,
    downloadUrl,
    selfPath,
    orderId,
    embedHost,
    providerPageUrl,
  } = loaderData;
  const pending = status === "pending" && !cancelled;
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, revalidator]);
  return (
    <div className="flex min-h-screen flex-col">
      <EmbedFrameScript host={embedHost} />
      {embedHost && status === "paid" ? <EmbedPaidOrder orderId={orderId} /> : null}
      {testMode ? <TestModeBanner /> : null}
      <main className="mx-auto grid w-full max-w-xl gap-6 px-4 py-12 sm:px-6">
        <p className="text-sm text-muted-foreground">
          {productName} · {amount} · sold by {storeName}
        </p>
        {status === "paid" ? (
          <div role="status" className="grid gap-4">
            <h1 className="text-3xl font-semibold tracking-tight">Thank you!</h1>
            <p>
              Your receipt is on its way to <span className="font-medium">{customerEmail}</span>.
            </p>
            {downloadUrl ? (
              <p>
                <a
                  href={downloadUrl}
                  className="inline-flex h-11 items-center justify-center rounded-md bg-primary px-5 font-semibold text-primary-foreground hover:bg-primary/90"
                >
                  Download your files
                </a>
              </p>
            ) : null}
          </div>
        ) : pending ? (
          <div role="status" className="grid gap-4">
            <h1 className="text-3xl font-semibold tracking-tight">Confirming your payment…</h1>
            {providerPageUrl ? (
              <p>
                <a
                  href={providerPageUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex h-11 items-center justify-center rounded-md bg-primary px-5 font-semibold text-primary-foreground hover:bg-primary/90"
                >
                  Pay in a new tab
                </a>
              </p>
            ) : null}
            <p>This usually takes a few seconds. This page updates by itself.</p>
            {failureMessage ? (
              // A failed attempt: say why and offer the retry, while checking on in case a later attempt went through.
              <div className="grid gap-2 rounded-md border border-destructive/40 p-4">
                <p>{`The last payment attempt failed: ${failureMessage}`}</p>
                <p>
                  <TryAgain retryPath={retryPath} />
                </p>
              </div>
            ) : null}
            <p>
              <a href={selfPath} className="font-medium underline underline-offset-4">
                Check again
              </a>
            </p>
          </div>
        ) : status === "pending" ? (
          <div className="grid gap-4">
            <h1 className="text-3xl font-semibold tracking-tight">Payment cancelled</h1>
            <p>Nothing was charged.{failureMessage ? ` The last attempt failed: ${failureMessage}` : ""}</p>
            <p>
              <TryAgain retryPath={retryPath} />
            </p>
          </div>
        ) : status === "expired" ? (
          <div className="grid gap-4">
            <h1 className="text-3xl font-semibold tracking-tight">This checkout expired</h1>
            <p>
              {failureMessage
                ? `Your payment did not go through: ${failureMessage} `
                : "The payment was not completed in time. "}
              Nothing was charged.
            </p>
            <p>
              <TryAgain retryPath={retryPath} />
            </p>
          </div>
        ) : (
          <div className="grid gap-4">
            <h1 className="text-3xl font-semibold tracking-tight">
              {status === "refunded" ? "This order was refunded" : "This order is under review"}
            </h1>
            <p>
              {status === "refunded"
                ? "The payment was returned to you, so the files are no longer available."
                : "The payment is disputed with the card issuer, so the files are not available for now."}
            </p>
          </div>
        )}
      </main>
      <footer className="mx-auto w-full max-w-xl px-4 pb-10 text-sm text-muted-foreground sm:px-6">
        <p>
          Lost the link to your files?{" "}
          <a href={LOST_LINK_PATH} className="font-medium text-foreground underline underline-offset-4">
            Get a new link by email
          </a>
        </p>
      </footer>
    </div>
  );
}
