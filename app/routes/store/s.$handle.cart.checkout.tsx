import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { attributionOf, attributionQuery } from "~/domains/analytics/content/attribution";
import { StoreShell } from "~/domains/catalog/components/store-shell";
import { storePath } from "~/domains/catalog/store-profile";
import { CART_ITEMS_PARAM, parseCartItems } from "~/flows/checkout/cart-items";
import { answerPriceCheck, checkoutAnswer, checkoutRefusal } from "./checkout-answer.server";
import { BuyerEmailField } from "~/flows/checkout/components/buyer-email-field";
import { PayButtons } from "~/flows/checkout/components/pay-buttons";
import { PriceSummary } from "~/flows/checkout/components/price-summary";
import { ShippingAddressFields } from "~/flows/checkout/components/shipping-address-fields";
import { ShippingOptions } from "~/flows/checkout/components/shipping-options";
import { TestModeBanner } from "~/flows/checkout/components/test-mode-banner";
import { checkoutSchema } from "~/flows/checkout/schemas/checkout";
import { checkoutInputOf } from "~/flows/checkout/server/checkout-input-of.server";
import { createCheckout } from "~/flows/checkout/server/create-checkout.server";
import { previewCheckoutPrice } from "~/flows/checkout/server/preview-checkout-price.server";
import { quoteAnswer } from "~/flows/checkout/server/quote-answer.server";
import { resolveCart } from "~/flows/checkout/server/resolve-cart.server";
import { resolveCheckoutLines } from "~/flows/checkout/server/resolve-checkout-lines.server";
import { sellerPaymentOptions } from "~/flows/checkout/server/seller-payment-options.server";
import { EmbedFrameScript } from "~/domains/sales-methods/components/embed-frame-script";
import { checkoutRedirect, embedQueryOf } from "~/domains/sales-methods/embed/allowed-origins";
import { ERRORS } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { STORE_PAGE } from "~/lib/route-handle";
import { useSchemaForm } from "~/lib/use-schema-form";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/s.$handle.cart.checkout";

/** No app script: the page works as plain HTML forms; in embed mode only the overlay's messenger runs. */
export const handle = STORE_PAGE;

type Services = Route.LoaderArgs["context"]["services"];

/** The cart of the request's `items`, checked, with its lines resolved for pricing; null when nothing is left. */
async function cartOf(services: Services, handle: string, url: URL) {
  const cart = await resolveCart(services.db, handle, parseCartItems(url.searchParams.get(CART_ITEMS_PARAM)));
  if (cart.lines.length === 0) return { cart, resolved: null };
  const resolved = await resolveCheckoutLines(services.db, cart.inputs);
  return { cart, resolved: resolved.ok ? resolved : null };
}

/** One checkout for a cart of a store's products, opened by sellkit.js's cart overlay; prices are the server's. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services } = context;
  const url = new URL(request.url);
  const { cart, resolved } = await cartOf(services, params.handle, url);
  const seller = resolved?.seller ?? null;
  const price = resolved
    ? await previewCheckoutPrice(services.db, resolved.lines, {}, requestContext(request).meta)
    : null;
  const options = seller ? await sellerPaymentOptions(services, seller.sellerId) : [];
  return data(
    {
      store: seller?.store ?? null,
      handle: params.handle,
      lines: cart.lines.map((line, i) => ({
        slug: line.slug,
        name: line.product.name,
        quantity: line.quantity,
        subtotalCents: price?.ok ? (price.lines[i]?.subtotalCents ?? 0) : 0,
      })),
      currency: seller?.currency ?? "USD",
      removed: cart.removed,
      ships: cart.lines.some((line) => line.product.physical),
      summary: price?.ok ? quoteAnswer(price).summary : null,
      providers: options.map((option) => option.provider),
      free: price?.ok ? price.amountCents === 0 : false,
      testMode: Boolean(services.payments.test),
      embedHost: embedQueryOf(url.searchParams)?.host ?? null,
      attribution: attributionQuery(
        attributionOf(url.search, request.headers.get("referer") ?? undefined, new URL(services.env.APP_URL).hostname),
      ),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  const url = new URL(request.url);
  const submission = parseWithZod(await readFormData(request), { schema: checkoutSchema });
  const { cart, resolved } = await cartOf(services, params.handle, url);
  if (!resolved) throw data(null, { status: 404 });
  if (submission.status !== "success") return checkoutAnswer(submission, 400);
  const input = submission.value;
  const meta = requestContext(request).meta;
  if (input.intent === "apply") return answerPriceCheck(services.db, meta, submission, resolved.lines, input, null);
  const result = await createCheckout(services, checkoutInputOf(input, cart.inputs, services.env.APP_URL), meta);
  if (result.ok) return redirect(checkoutRedirect(result, services.env.APP_URL, embedQueryOf(url.searchParams)));
  return checkoutRefusal(submission, result);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.store ? `Checkout · ${loaderData.store.name}` : "Checkout · Sellkit" },
  { name: "robots", content: "noindex" },
];

export default function CartCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { store, lines, removed, ships, providers, currency, free } = loaderData;
  const [form, fields] = useSchemaForm("cart-checkout", checkoutSchema, actionData?.result, {});
  const summary = actionData?.summary ?? loaderData.summary;
  const shipping = actionData?.shipping ?? null;
  const formError = form.errors?.[0] ?? fields.provider.errors?.[0];
  const canPay = lines.length > 0 && (free || providers.length > 0);
  const removedNote =
    removed.length > 0 ? (
      <p role="status" className="rounded-md bg-secondary p-3 text-sm text-secondary-foreground">
        {`${removed.join(", ")} ${removed.length === 1 ? "is" : "are"} no longer for sale and ${removed.length === 1 ? "was" : "were"} removed from your cart.`}
      </p>
    ) : null;
  const body = (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl tracking-tight">Checkout</h1>
      {removedNote}
      {lines.length === 0 ? (
        <p role="status">Your cart is empty.</p>
      ) : (
        <ul aria-label="Your cart" className="store-card grid gap-2 border bg-card p-4 text-card-foreground">
          {lines.map((line) => (
            <li key={line.slug} className="flex justify-between gap-4">
              <span>
                {line.name}
                {line.quantity > 1 ? ` × ${line.quantity}` : ""}
              </span>
              <span className="tabular-nums">{formatMoney(line.subtotalCents, currency)}</span>
            </li>
          ))}
        </ul>
      )}
      {canPay ? (
        <form method="post" {...getFormProps(form)} className="grid gap-2">
          <FormAlert message={formError} />
          {loaderData.attribution ? <input type="hidden" name="attribution" value={loaderData.attribution} /> : null}
          <BuyerEmailField field={fields.email} hint="Your receipt and any download links are sent here." />
          {ships ? (
            <>
              <input type="hidden" name="ships" value="1" />
              <ShippingAddressFields
                fields={fields}
                country={String(fields.country.initialValue ?? "")}
                countryError={fields.country.errors?.[0]}
              />
              {shipping?.options.length ? (
                <ShippingOptions
                  name={fields.shippingRateId.name}
                  options={shipping.options}
                  chosen={shipping.chosen}
                  currency={currency}
                  error={fields.shippingRateId.errors?.[0]}
                />
              ) : null}
              <button
                type="submit"
                name="intent"
                value="apply"
                formNoValidate
                className="store-button !bg-secondary !text-secondary-foreground"
              >
                Show shipping options
              </button>
            </>
          ) : null}
          {summary ? <PriceSummary summary={summary} /> : null}
          <PayButtons free={free} providers={providers} />
        </form>
      ) : lines.length > 0 ? (
        <p role="status" className="rounded-md bg-secondary p-4 text-secondary-foreground">
          {ERRORS.CHECKOUT_SELLER_NOT_READY.message}
        </p>
      ) : null}
      <p>
        {loaderData.embedHost ? (
          <a
            href={storePath(loaderData.handle)}
            data-sellkit-close
            className="font-medium underline underline-offset-4"
          >
            Back to the website
          </a>
        ) : (
          <a href={storePath(loaderData.handle)} className="font-medium underline underline-offset-4">
            More from {store?.name ?? "this store"}
          </a>
        )}
      </p>
    </div>
  );
  return (
    <>
      <EmbedFrameScript host={loaderData.embedHost} />
      {store ? (
        <StoreShell store={store} banner={loaderData.testMode ? <TestModeBanner /> : undefined}>
          {body}
        </StoreShell>
      ) : (
        <main>{body}</main>
      )}
    </>
  );
}
