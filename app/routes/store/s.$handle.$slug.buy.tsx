import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { attributionOf, attributionQuery } from "~/domains/analytics/content/attribution";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input, Select } from "~/components/ui/input";
import { CoverImage } from "~/domains/catalog/components/cover-image";
import { StoreShell } from "~/domains/catalog/components/store-shell";
import { amountInput, formatMoney } from "~/lib/money";
import { priceLabel } from "~/domains/catalog/product-price";
import { readSalesPage } from "~/domains/catalog/server/read-sales-page.server";
import { absoluteUrl, productPagePath, storePath } from "~/domains/catalog/store-profile";
import { isPhysicalType } from "~/domains/catalog/content/product-types";
import { answerPriceCheck, checkoutAnswer, checkoutRefusal } from "./checkout-answer.server";
import type { PriceSummaryData, ShippingAnswer } from "~/flows/checkout/checkout-quote";
import { BuyerEmailField } from "~/flows/checkout/components/buyer-email-field";
import { PayButtons } from "~/flows/checkout/components/pay-buttons";
import { PriceSummary } from "~/flows/checkout/components/price-summary";
import { ShippingAddressFields } from "~/flows/checkout/components/shipping-address-fields";
import { ShippingOptions } from "~/flows/checkout/components/shipping-options";
import { availabilityLabel } from "~/flows/checkout/stock-message";
import { TestModeBanner } from "~/flows/checkout/components/test-mode-banner";
import { checkoutSchema } from "~/flows/checkout/schemas/checkout";
import { checkoutInputOf } from "~/flows/checkout/server/checkout-input-of.server";
import { createCheckout } from "~/flows/checkout/server/create-checkout.server";
import { readCheckoutProduct } from "~/flows/checkout/server/read-checkout-product.server";
import { previewCheckoutPrice } from "~/flows/checkout/server/preview-checkout-price.server";
import { quantityFromQuery } from "~/flows/checkout/line-quantity";
import { quoteAnswer } from "~/flows/checkout/server/quote-answer.server";
import { type ResolvedLine, resolveCheckoutLines } from "~/flows/checkout/server/resolve-checkout-lines.server";
import { isCountryCode } from "~/domains/shipping/content/countries";
import { sellerPaymentOptions } from "~/flows/checkout/server/seller-payment-options.server";
import { ERRORS } from "~/lib/errors";
import { STORE_PAGE } from "~/lib/route-handle";
import { useNonce } from "~/lib/nonce";
import shippingOptionsScript from "~/flows/checkout/shipping-options-script.js?raw";
import { useSchemaForm } from "~/lib/use-schema-form";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import type { RequestMeta } from "~/server/http/request-meta.server";
import { EmbedFrameScript } from "~/domains/sales-methods/components/embed-frame-script";
import { checkoutRedirect, embedQueryOf } from "~/domains/sales-methods/embed/allowed-origins";
import type { Route } from "./+types/s.$handle.$slug.buy";

/** No app script: a physical product's page inlines a small one that fetches the shipping options of the country. */
export const handle = STORE_PAGE;

/** A published product's checkout; every price is computed on the server, and drafts or unknown products are 404. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services } = context;
  const page = await readSalesPage(services.db, params.handle, params.slug);
  if (page?.product.status !== "published") throw data(null, { status: 404 });
  const { store, product } = page;
  const options = await sellerPaymentOptions(services, page.ownerId);
  const physical = isPhysicalType(product.type)
    ? await readCheckoutProduct(services.db, { handle: params.handle, slug: params.slug })
    : null;
  const url = new URL(request.url);
  const variants = (physical?.variants ?? []).map((variant) => ({
    id: variant.id,
    title: variant.title,
    priceCents: variant.priceCents ?? product.priceCents,
    availability: availabilityLabel(variant.available, physical?.allowBackorder ?? false),
  }));
  const asked = url.searchParams.get("variant");
  return data(
    {
      physical: physical !== null,
      variants,
      variantId: variants.find((v) => v.id === asked)?.id ?? (variants.length === 1 ? variants[0]!.id : null),
      quantity: quantityFromQuery(url.searchParams.get("quantity")),
      embedHost: embedQueryOf(url.searchParams)?.host ?? null,
      /** Where the buyer came from, posted back with the form so the order keeps it. */
      attribution: attributionQuery(
        attributionOf(url.search, request.headers.get("referer") ?? undefined, new URL(services.env.APP_URL).hostname),
      ),

      store,
      /** The product's canonical page: search engines list it, not its checkout. */
      salesPageUrl: absoluteUrl(services.env.APP_URL, productPagePath(store.handle, product.slug)),
      providers: options.map((option) => option.provider),
      testMode: Boolean(services.payments.test),
      product: {
        name: product.name,
        slug: product.slug,
        covers: product.covers,
        pricing: product.pricing,
        priceCents: product.priceCents,
        minPriceCents: product.minPriceCents,
        suggestedPriceCents: product.suggestedPriceCents,
        currency: product.currency,
      },
    },
    // A physical product's page runs a script with this request's nonce: no shared cache keeps it.
    physical ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

/** The shipping options of a refused physical order's typed country, so the page keeps listing them. */
async function shippingShown(
  services: Route.ActionArgs["context"]["services"],
  lines: ResolvedLine[],
  fields: { country?: unknown; shippingRateId?: unknown },
  meta: RequestMeta,
): Promise<ShippingAnswer> {
  const country = typeof fields.country === "string" ? fields.country.trim().toUpperCase() : "";
  if (!lines.some((line) => line.variant) || !isCountryCode(country)) return null;
  const rateId = typeof fields.shippingRateId === "string" ? fields.shippingRateId : undefined;
  const price = await previewCheckoutPrice(services.db, lines, { country, shippingRateId: rateId }, meta);
  return price.ok ? quoteAnswer(price).shipping : null;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  const submission = parseWithZod(await readFormData(request), { schema: checkoutSchema });
  const meta = requestContext(request).meta;
  const product = { handle: params.handle, slug: params.slug };
  if (submission.status !== "success") {
    const typed = submission.payload as Record<string, unknown>;
    const resolved = await resolveCheckoutLines(services.db, [
      {
        product,
        variantId: typeof typed.variantId === "string" ? typed.variantId : undefined,
        quantity: quantityFromQuery(typeof typed.quantity === "string" ? typed.quantity : null),
      },
    ]);
    return checkoutAnswer(
      submission,
      400,
      null,
      resolved.ok ? await shippingShown(services, resolved.lines, typed, meta) : null,
    );
  }
  const input = submission.value;
  const line = { product, variantId: input.variantId || undefined, quantity: input.quantity, amount: input.amount };
  const resolved = await resolveCheckoutLines(services.db, [line]);
  if (!resolved.ok && resolved.code === "CHECKOUT_PRODUCT_UNAVAILABLE") throw data(null, { status: 404 });
  if (input.intent === "apply") {
    if (!resolved.ok) return checkoutRefusal(submission, resolved, { stockField: "quantity" });
    return answerPriceCheck(services.db, meta, submission, resolved.lines, input, "quantity");
  }
  const result = await createCheckout(services, checkoutInputOf(input, [line], services.env.APP_URL), meta);
  if (result.ok) {
    // A provider's hosted page refuses frames: the overlay shows our return page, which opens it in a new tab.
    return redirect(checkoutRedirect(result, services.env.APP_URL, embedQueryOf(new URL(request.url).searchParams)));
  }
  if (result.code === "CHECKOUT_PRODUCT_UNAVAILABLE") throw data(null, { status: 404 });
  const shown = resolved.ok ? await shippingShown(services, resolved.lines, input, meta) : null;
  return checkoutRefusal(submission, result, { stockField: "quantity", shipping: shown });
}

/** A refusal over a rate limit says when to try again (Retry-After); a physical product's page is not shared. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const retry = actionHeaders.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  const cache = loaderHeaders.get("Cache-Control");
  if (cache) headers.set("Cache-Control", cache);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.testMode ? "TEST MODE · " : ""}Checkout: ${loaderData.product.name} · ${loaderData.store.name}`
      : "Page not found · Sellkit",
  },
  // Not noindex: the canonical link sends search engines to the sales page.
  ...(loaderData
    ? [
        {
          name: "description",
          content: `Buy ${loaderData.product.name} from ${loaderData.store.name}: pay securely and get your files by email at once.`,
        },
        { tagName: "link", rel: "canonical", href: loaderData.salesPageUrl },
      ]
    : [{ name: "robots", content: "noindex" }]),
];

export default function StoreProductBuyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { store, product, providers, testMode, physical, variants } = loaderData;
  const price = priceLabel(product);
  const pwyw = product.pricing === "pwyw";
  const free = product.pricing === "free" && !physical;
  const [form, fields] = useSchemaForm("checkout", checkoutSchema, actionData?.result, {
    amount: pwyw ? amountInput(product.suggestedPriceCents ?? product.minPriceCents ?? 0) : "",
    variantId: loaderData.variantId ?? "",
    quantity: String(loaderData.quantity),
  });
  const nonce = useNonce();
  const country = String(fields.country.initialValue ?? "");
  // The pay buttons are the provider field: a refusal of the pressed one reads as the form's.
  const formError = form.errors?.[0] ?? fields.provider.errors?.[0];
  const selected = variants.find((v) => v.id === (fields.variantId.value ?? loaderData.variantId)) ?? null;
  const quantity = Number(fields.quantity.value ?? loaderData.quantity) || 1;
  const unitCents = selected?.priceCents ?? product.priceCents;
  const shipping = actionData?.shipping ?? null;
  const summary: PriceSummaryData | null =
    actionData?.summary ??
    (pwyw || (free && !physical)
      ? null
      : {
          subtotalCents: unitCents * (physical ? quantity : 1),
          discountCents: 0,
          discountCode: null,
          ships: physical,
          shipping: null,
          amountCents: unitCents * (physical ? quantity : 1),
          currency: product.currency,
        });
  const countryError = fields.country.errors?.[0];
  const canPay = free || providers.length > 0;

  return (
    <StoreShell store={store} banner={testMode ? <TestModeBanner /> : undefined}>
      <EmbedFrameScript host={loaderData.embedHost} />
      <div className="mx-auto grid max-w-xl gap-6 px-4 py-10 sm:px-6">
        <h1 className="text-3xl tracking-tight">Checkout</h1>
        <div className="store-card flex items-center gap-4 border bg-card p-4 text-card-foreground">
          <div className="size-20 shrink-0 overflow-hidden bg-muted">
            <CoverImage
              covers={product.covers}
              name={product.name}
              sizes="80px"
              className="h-full w-full object-cover"
            />
          </div>
          <div className="grid gap-1">
            <p className="font-semibold">{product.name}</p>
            {selected?.title ? <p className="text-sm text-muted-foreground">{selected.title}</p> : null}
            <p className="store-accent-text font-semibold">
              {physical && selected ? formatMoney(selected.priceCents, product.currency) : price.main}
              {price.detail ? (
                <span className="block text-sm font-normal text-muted-foreground">{price.detail}</span>
              ) : null}
            </p>
          </div>
        </div>
        {canPay ? (
          <form
            method="post"
            {...getFormProps(form)}
            className="grid gap-2"
            data-shipping-options={
              physical ? `${productPagePath(store.handle, product.slug)}/shipping-options` : undefined
            }
            data-currency={physical ? product.currency : undefined}
          >
            <FormAlert message={formError} />
            {loaderData.attribution ? <input type="hidden" name="attribution" value={loaderData.attribution} /> : null}
            <BuyerEmailField
              field={fields.email}
              hint={physical ? "Your receipt is sent here." : "Your receipt and download link are sent here."}
            />
            {physical ? (
              <>
                <input type="hidden" name="ships" value="1" />
                {variants.length > 1 ? (
                  <FormField id={fields.variantId.id} label="Option" errors={fields.variantId.errors}>
                    {(control) => (
                      <Select
                        {...getSelectProps(fields.variantId)}
                        {...control}
                        key={fields.variantId.key}
                        options={variants.map((v) => ({
                          value: v.id,
                          label: v.availability ? `${v.title} · ${v.availability}` : v.title,
                        }))}
                      >
                        <option value="">Choose an option</option>
                      </Select>
                    )}
                  </FormField>
                ) : (
                  <input type="hidden" name={fields.variantId.name} value={loaderData.variantId ?? ""} />
                )}
                <FormField
                  id={fields.quantity.id}
                  label="Quantity"
                  errors={fields.quantity.errors}
                  hint={selected?.availability ?? undefined}
                >
                  {(control) => (
                    <Input
                      {...getInputProps(fields.quantity, { type: "number" })}
                      {...control}
                      key={fields.quantity.key}
                      min={1}
                      max={99}
                      step={1}
                      inputMode="numeric"
                      className="max-w-28"
                    />
                  )}
                </FormField>
              </>
            ) : null}
            {pwyw ? (
              <FormField
                id={fields.amount.id}
                label={`Your price (${product.currency})`}
                errors={fields.amount.errors}
                hint={price.detail ?? "Pay what you want"}
              >
                {(control) => (
                  <Input
                    {...getInputProps(fields.amount, { type: "text" })}
                    {...control}
                    inputMode="decimal"
                    autoComplete="off"
                    required
                  />
                )}
              </FormField>
            ) : null}
            {physical ? (
              <>
                <ShippingAddressFields fields={fields} country={country} countryError={countryError} />
                <div data-shipping-slot aria-live="polite">
                  {shipping?.options.length ? (
                    <ShippingOptions
                      name={fields.shippingRateId.name}
                      options={shipping.options}
                      chosen={shipping.chosen}
                      currency={product.currency}
                      error={fields.shippingRateId.errors?.[0]}
                    />
                  ) : null}
                </div>
                <button
                  type="submit"
                  name="intent"
                  value="apply"
                  className="store-button !bg-secondary !text-secondary-foreground"
                >
                  Show shipping options
                </button>
              </>
            ) : null}
            {free ? null : (
              <div className="grid gap-2">
                <FormField
                  id={fields.discountCode.id}
                  label="Discount code (optional)"
                  errors={fields.discountCode.errors}
                >
                  {(control) => (
                    <div className="flex gap-2">
                      <Input
                        {...getInputProps(fields.discountCode, { type: "text" })}
                        {...control}
                        autoComplete="off"
                        autoCapitalize="characters"
                      />
                      <button
                        type="submit"
                        name="intent"
                        value="apply"
                        className="store-button shrink-0 !bg-secondary !text-secondary-foreground"
                      >
                        Apply
                      </button>
                    </div>
                  )}
                </FormField>
              </div>
            )}
            <div data-summary-slot>{summary ? <PriceSummary summary={summary} /> : null}</div>
            <PayButtons free={free} providers={providers} />
          </form>
        ) : null}
        {canPay && physical ? (
          <script
            nonce={nonce || undefined}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours (no user data), allowed by the page's CSP nonce
            dangerouslySetInnerHTML={{ __html: shippingOptionsScript }}
          />
        ) : null}
        {canPay ? null : (
          <p role="status" className="rounded-md bg-secondary p-4 text-secondary-foreground">
            {ERRORS.CHECKOUT_SELLER_NOT_READY.message}
          </p>
        )}
        <p className="flex flex-wrap gap-x-6 gap-y-2">
          <a href={productPagePath(store.handle, product.slug)} className="font-medium underline underline-offset-4">
            Back to {product.name}
          </a>
          <a href={storePath(store.handle)} className="font-medium underline underline-offset-4">
            More from {store.name}
          </a>
        </p>
      </div>
    </StoreShell>
  );
}
