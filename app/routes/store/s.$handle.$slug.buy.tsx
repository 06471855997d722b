import { getFormProps, getInputProps, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { CoverImage } from "~/features/catalog/components/cover-image";
import { StoreShell } from "~/features/catalog/components/store-shell";
import { amountInput } from "~/lib/money";
import { priceLabel } from "~/features/catalog/product-price";
import { getSalesPage } from "~/features/catalog/server/get-sales-page.server";
import { absoluteUrl, productPath, storePath } from "~/features/catalog/store-profile";
import { PriceSummary, type PriceSummaryData } from "~/features/checkout/components/price-summary";
import { TestModeBanner } from "~/features/checkout/components/test-mode-banner";
import { checkoutSchema } from "~/features/checkout/schemas/checkout";
import { createCheckout } from "~/features/checkout/server/create-checkout.server";
import { findCheckoutProduct } from "~/features/checkout/server/find-checkout-product.server";
import { previewCheckoutPrice } from "~/features/checkout/server/preview-checkout-price.server";
import { sellerPaymentOptions } from "~/features/checkout/server/seller-payment-options.server";
import type { ProviderId } from "~/features/payments/server/payment-provider.server";
import { ERRORS, type Failure, fieldOf, statusOf } from "~/lib/errors";
import { STORE_PAGE } from "~/lib/route-handle";
import { useSchemaForm } from "~/lib/use-schema-form";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/s.$handle.$slug.buy";

export const handle = STORE_PAGE;

/**
 * A published product's checkout, where its sales page's Buy button, the storefront and /buy/:id lead:
 * the product, the buyer's email, the pay-what-you-want amount, a discount code with an Apply button that shows
 * the price summary, and one pay button per provider the seller can take payments through now. Plain forms, no
 * script: every price is computed on the server (Apply re-renders the summary). Drafts, archived and unknown
 * products: 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context;
  const page = await getSalesPage(services.db, params.handle, params.slug);
  if (page?.product.status !== "published") throw data(null, { status: 404 });
  const { store, product } = page;
  const options = await sellerPaymentOptions(services, page.ownerId);
  return {
    store,
    /** The product's sales page: the canonical page of this product (search engines list it, not its checkout). */
    salesPageUrl: absoluteUrl(services.env.APP_URL, productPath(store.handle, product.slug)),
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
  };
}

type CheckoutSubmission = Submission<z.input<typeof checkoutSchema>, string[], z.output<typeof checkoutSchema>>;

/** The server's answer to the form: Conform's reply (errors and the typed values) and the price summary after Apply. */
function answer(submission: CheckoutSubmission, status: number, summary: PriceSummaryData | null = null) {
  return data({ result: submission.reply(), summary }, { status });
}

function failureAnswer(submission: CheckoutSubmission, failure: Failure) {
  const field = fieldOf(failure.code);
  const errors = field ? { fieldErrors: { [field]: [failure.message] } } : { formErrors: [failure.message] };
  return data(
    { result: submission.reply(errors), summary: null },
    { status: statusOf(failure.code), headers: retryAfter(failure) },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  const submission = parseWithZod(await readFormData(request), { schema: checkoutSchema });
  if (submission.status !== "success") return answer(submission, 400);
  const input = submission.value;
  const ref = { handle: params.handle, slug: params.slug };
  if (input.intent === "apply") {
    const product = await findCheckoutProduct(services.db, ref);
    if (product?.status !== "published") throw data(null, { status: 404 });
    const price = await previewCheckoutPrice(services.db, product, input, requestContext(request).meta);
    if (!price.ok) return failureAnswer(submission, price);
    return answer(submission, 200, {
      subtotalCents: price.subtotalCents,
      discountCents: price.discountCents,
      discountCode: price.discount?.code ?? null,
      amountCents: price.amountCents,
      currency: price.currency,
    });
  }
  const result = await createCheckout(
    services,
    {
      product: ref,
      email: input.email,
      amount: input.amount,
      discountCode: input.discountCode,
      provider: input.provider,
    },
    requestContext(request).meta,
  );
  if (result.ok) return redirect(result.redirectUrl);
  if (result.code === "CHECKOUT_PRODUCT_UNAVAILABLE") throw data(null, { status: 404 });
  return failureAnswer(submission, result);
}

function retryAfter(failure: Failure): HeadersInit | undefined {
  return "retryAfterSeconds" in failure ? { "Retry-After": String(failure.retryAfterSeconds) } : undefined;
}

/** A refusal over a rate limit says when to try again (Retry-After). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const value = actionHeaders.get("Retry-After");
  return value ? { "Retry-After": value } : new Headers();
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.testMode ? "TEST MODE · " : ""}Checkout: ${loaderData.product.name} · ${loaderData.store.name}`
      : "Page not found · Sellkit",
  },
  // Not noindex: the canonical link sends search engines to the sales page, so this page is never listed itself.
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

const PAY_LABELS: Record<ProviderId, string> = {
  test: "Pay with card",
  stripe: "Pay with card",
  paypal: "Pay with PayPal",
};

export default function StoreProductBuyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { store, product, providers, testMode } = loaderData;
  const price = priceLabel(product);
  const pwyw = product.pricing === "pwyw";
  const free = product.pricing === "free";
  const [form, fields] = useSchemaForm("checkout", checkoutSchema, actionData?.result, {
    amount: pwyw ? amountInput(product.suggestedPriceCents ?? product.minPriceCents ?? 0) : "",
  });
  // The pay buttons are the provider field: a refusal of the pressed one reads as the form's.
  const formError = form.errors?.[0] ?? fields.provider.errors?.[0];
  const summary: PriceSummaryData | null =
    actionData?.summary ??
    (pwyw || free
      ? null
      : {
          subtotalCents: product.priceCents,
          discountCents: 0,
          discountCode: null,
          amountCents: product.priceCents,
          currency: product.currency,
        });
  const canPay = free || providers.length > 0;
  return (
    <StoreShell store={store} banner={testMode ? <TestModeBanner /> : undefined}>
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
            <p className="store-accent-text font-semibold">
              {price.main}
              {price.detail ? (
                <span className="block text-sm font-normal text-muted-foreground">{price.detail}</span>
              ) : null}
            </p>
          </div>
        </div>
        {canPay ? (
          <form method="post" {...getFormProps(form)} className="grid gap-2">
            <FormAlert message={formError} />
            <FormField
              id={fields.email.id}
              label="Email"
              errors={fields.email.errors}
              hint="Your receipt and download link are sent here."
            >
              {(control) => (
                <Input {...getInputProps(fields.email, { type: "email" })} {...control} autoComplete="email" required />
              )}
            </FormField>
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
            {summary ? <PriceSummary summary={summary} /> : null}
            <div className="mt-4 grid gap-3">
              {free ? (
                <button type="submit" name="intent" value="pay" className="store-button w-full">
                  Get it for free
                </button>
              ) : (
                providers.map((provider) => (
                  <button key={provider} type="submit" name="provider" value={provider} className="store-button w-full">
                    {PAY_LABELS[provider]}
                    {provider === "test" ? " (TEST MODE)" : ""}
                  </button>
                ))
              )}
            </div>
          </form>
        ) : (
          <p role="status" className="rounded-md bg-secondary p-4 text-secondary-foreground">
            {ERRORS.CHECKOUT_SELLER_NOT_READY.message}
          </p>
        )}
        <p className="flex flex-wrap gap-x-6 gap-y-2">
          <a href={productPath(store.handle, product.slug)} className="font-medium underline underline-offset-4">
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
