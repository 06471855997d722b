import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { formatMoney } from "~/lib/money";
import { TestModeBanner } from "~/flows/checkout/components/test-mode-banner";
import { testCardSchema, testCheckoutSchema } from "~/domains/payments/schemas/test-card";
import { testProviderOf } from "~/domains/payments/server/test-provider.server";
import { TEST_CARDS } from "~/domains/payments/test-cards";
import { ERRORS } from "~/lib/errors";
import type { RouteHandle } from "~/lib/route-handle";
import { useSchemaForm } from "~/lib/use-schema-form";
import { readFormData } from "~/server/http/read-form-data.server";
import { EmbedFrameScript } from "~/domains/sales-methods/components/embed-frame-script";
import { embedQueryOf, withEmbedQuery } from "~/domains/sales-methods/embed/allowed-origins";
import type { Route } from "./+types/checkout.test.$id";

/** The test provider's own page: plain forms, no script, the same for everyone. */
export const handle: RouteHandle = { hydrate: false, staticWhenSignedIn: true };

function notFound(): never {
  throw data({ code: "TEST_CHECKOUT_NOT_FOUND", message: ERRORS.TEST_CHECKOUT_NOT_FOUND.message }, { status: 404 });
}

/** The built-in test provider's hosted checkout: Stripe's test card numbers decide the outcome, sent as a webhook. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const provider = testProviderOf(context.services.payments);
  const checkout = provider ? await provider.findCheckout(params.id) : null;
  if (!checkout) notFound();
  const embed = embedQueryOf(new URL(request.url).searchParams);
  return {
    id: checkout.id,
    status: checkout.status,
    description: checkout.description,
    amount: formatMoney(checkout.amountCents, checkout.currency),
    customerEmail: checkout.customerEmail,
    lastError: checkout.lastError,
    successUrl: withEmbedQuery(checkout.successUrl, embed),
    cancelUrl: withEmbedQuery(checkout.cancelUrl, embed),
    embedHost: embed?.host ?? null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const provider = testProviderOf(context.services.payments);
  if (!provider) notFound();
  const submission = parseWithZod(await readFormData(request), { schema: testCheckoutSchema() });
  const embed = embedQueryOf(new URL(request.url).searchParams);
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["cvc"] }) }, { status: 400 });
  if (submission.value.intent === "authenticate") {
    const outcome = await provider.authenticate(params.id, submission.value.result === "complete");
    if (outcome.outcome === "paid") return redirect(withEmbedQuery(outcome.successUrl, embed));
    // The card form comes back empty: this submission carried none of its fields.
    if (outcome.outcome === "declined")
      return data({ result: submission.reply({ formErrors: [outcome.message] }) }, { status: 402 });
    return { result: submission.reply() };
  }
  const outcome = await provider.submitCard(params.id, submission.value.cardNumber);
  switch (outcome.outcome) {
    case "paid":
      return redirect(withEmbedQuery(outcome.successUrl, embed));
    case "declined": {
      const errors =
        outcome.code === "incorrect_number"
          ? { fieldErrors: { cardNumber: [outcome.message] } }
          : { formErrors: [outcome.message] };
      return data({ result: submission.reply({ ...errors, hideFields: ["cvc"] }) }, { status: 402 });
    }
    default:
      // The extra step, or a checkout that closed meanwhile: the page shows its state.
      return { result: submission.reply({ hideFields: ["cvc"] }) };
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `TEST MODE · Pay ${loaderData.amount} for ${loaderData.description}`
      : "TEST MODE · Checkout not found",
  },
  {
    name: "description",
    content:
      "The test provider's payment page: payments here are simulated with test cards, and no real card is charged.",
  },
  // Never indexed: a simulated payment page of one buyer's checkout.
  { name: "robots", content: "noindex, nofollow" },
];

export default function TestCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status, description, amount, customerEmail, lastError, successUrl, cancelUrl, embedHost } = loaderData;
  const [form, fields] = useSchemaForm("test-card", testCardSchema(), actionData?.result);
  const formError = actionData ? form.errors?.[0] : lastError;
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <EmbedFrameScript host={embedHost} />
      <TestModeBanner />
      <main className="mx-auto grid w-full max-w-md gap-6 px-4 py-8">
        <div className="grid gap-1">
          <p className="text-sm font-semibold tracking-wide text-warning">TEST MODE</p>
          <h1 className="text-2xl font-semibold">Pay {amount}</h1>
          <p className="text-muted-foreground">
            {description} · for <span className="font-medium text-foreground">{customerEmail}</span>
          </p>
        </div>
        {status === "open" ? (
          <form method="post" {...getFormProps(form)} className="grid gap-1 rounded-lg border bg-card p-5 shadow-sm">
            <input type="hidden" name="intent" value="pay" />
            <FormAlert message={formError ?? undefined} />
            <FormField id={fields.cardNumber.id} label="Card number" errors={fields.cardNumber.errors}>
              {(control) => (
                <Input
                  {...getInputProps(fields.cardNumber, { type: "text" })}
                  {...control}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="1234 1234 1234 1234"
                />
              )}
            </FormField>
            <div className="grid grid-cols-2 gap-3">
              <FormField id={fields.expiry.id} label="Expiry (MM/YY)" errors={fields.expiry.errors}>
                {(control) => (
                  <Input
                    {...getInputProps(fields.expiry, { type: "text" })}
                    {...control}
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    placeholder="MM/YY"
                  />
                )}
              </FormField>
              <FormField id={fields.cvc.id} label="CVC" errors={fields.cvc.errors}>
                {(control) => (
                  <Input
                    {...getInputProps(fields.cvc, { type: "text" })}
                    {...control}
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    placeholder="123"
                  />
                )}
              </FormField>
            </div>
            <FormField id={fields.cardName.id} label="Name on card" errors={fields.cardName.errors}>
              {(control) => (
                <Input {...getInputProps(fields.cardName, { type: "text" })} {...control} autoComplete="cc-name" />
              )}
            </FormField>
            <button
              type="submit"
              className="mt-2 inline-flex h-11 items-center justify-center rounded-md bg-primary px-4 font-semibold text-primary-foreground hover:bg-primary/90"
            >
              Pay {amount}
            </button>
            <a href={cancelUrl} className="mt-3 justify-self-center text-sm font-medium underline underline-offset-4">
              Cancel and return
            </a>
          </form>
        ) : status === "requires_action" ? (
          <form method="post" className="grid gap-4 rounded-lg border bg-card p-5 shadow-sm">
            <input type="hidden" name="intent" value="authenticate" />
            <h2 className="text-lg font-semibold">Confirm this payment</h2>
            <p>Your bank asks you to confirm this payment of {amount}. In test mode, choose the outcome.</p>
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                name="result"
                value="complete"
                className="inline-flex h-11 items-center rounded-md bg-primary px-4 font-semibold text-primary-foreground hover:bg-primary/90"
              >
                Complete authentication
              </button>
              <button
                type="submit"
                name="result"
                value="fail"
                className="inline-flex h-11 items-center rounded-md border px-4 font-semibold hover:bg-muted"
              >
                Fail authentication
              </button>
            </div>
          </form>
        ) : status === "paid" ? (
          <div role="status" className="grid gap-3 rounded-lg border bg-card p-5">
            <p className="font-semibold">This checkout is paid.</p>
            <a href={successUrl} className="font-medium underline underline-offset-4">
              Continue
            </a>
          </div>
        ) : (
          <div role="status" className="grid gap-3 rounded-lg border bg-card p-5">
            <p className="font-semibold">This checkout has expired. Nothing was charged.</p>
            <a href={cancelUrl} className="font-medium underline underline-offset-4">
              Return to the store
            </a>
          </div>
        )}
        <section aria-labelledby="test-cards-heading" className="grid gap-2 text-sm">
          <h2 id="test-cards-heading" className="font-semibold">
            Test cards
          </h2>
          <p className="text-muted-foreground">Any future expiry date, any 3-digit CVC and any name.</p>
          <ul className="grid gap-1">
            {TEST_CARDS.map((card) => (
              <li key={card.number}>
                <span className="font-mono">{card.number}</span> — {card.label}
              </li>
            ))}
          </ul>
        </section>
      </main>
    </div>
  );
}
