import { data, redirect } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { formatMoney } from "~/features/catalog/money";
import { TestModeBanner } from "~/features/orders/components/test-mode-banner";
import { testCardSchema } from "~/features/payments/schemas/test-card";
import { testProviderOf } from "~/features/payments/server/test-provider.server";
import { TEST_CARDS } from "~/features/payments/test-cards";
import { ERRORS } from "~/lib/errors";
import type { RouteHandle } from "~/lib/route-handle";
import { readFormData } from "~/server/http/read-form-data.server";
import type { Route } from "./+types/checkout-test";

/** The test provider's own page: plain forms, no script, the same for everyone. */
export const handle: RouteHandle = { hydrate: false, staticWhenSignedIn: true };

function notFound(): never {
  throw data({ code: "TEST_CHECKOUT_NOT_FOUND", message: ERRORS.TEST_CHECKOUT_NOT_FOUND.message }, { status: 404 });
}

/**
 * The built-in test provider's hosted checkout page (issue 15.2), marked TEST MODE: the product, amount and buyer's
 * email, and a card form where Stripe's test cards decide the outcome (4242… pays; 4000…0002 is declined;
 * 4000…9995 has insufficient funds; 4000 0025 0000 3155 asks for an extra confirmation step first). Every outcome
 * reaches the app as a signed webhook through the same intake as the real providers'. Works without JavaScript.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const provider = testProviderOf(context.services.payments);
  const checkout = provider ? await provider.findCheckout(params.id) : null;
  if (!checkout) notFound();
  return {
    id: checkout.id,
    status: checkout.status,
    description: checkout.description,
    amount: formatMoney(checkout.amountCents, checkout.currency),
    customerEmail: checkout.customerEmail,
    lastError: checkout.lastError,
    successUrl: checkout.successUrl,
    cancelUrl: checkout.cancelUrl,
  };
}

type ActionData = { values: { cardNumber: string; expiry: string; cardName: string }; errors: Record<string, string>; formError: string | null };

export async function action({ request, params, context }: Route.ActionArgs) {
  const provider = testProviderOf(context.services.payments);
  if (!provider) notFound();
  const form = await readFormData(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 200) : "";
  };
  const intent = text("intent");
  if (intent === "authenticate") {
    const outcome = await provider.authenticate(params.id, text("result") === "complete");
    if (outcome.outcome === "paid") return redirect(outcome.successUrl);
    return data<ActionData>(
      { values: { cardNumber: "", expiry: "", cardName: "" }, errors: {}, formError: outcome.outcome === "declined" ? outcome.message : null },
      { status: outcome.outcome === "declined" ? 402 : 200 },
    );
  }
  const values = { cardNumber: text("cardNumber"), expiry: text("expiry"), cardName: text("cardName") };
  const parsed = testCardSchema().safeParse({ ...values, cvc: text("cvc") });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return data<ActionData>({ values, errors, formError: null }, { status: 400 });
  }
  const outcome = await provider.submitCard(params.id, parsed.data.cardNumber);
  switch (outcome.outcome) {
    case "paid":
      return redirect(outcome.successUrl);
    case "declined":
      return data<ActionData>(
        outcome.code === "incorrect_number"
          ? { values, errors: { cardNumber: outcome.message }, formError: null }
          : { values, errors: {}, formError: outcome.message },
        { status: 402 },
      );
    default:
      // The extra step, or a checkout that closed meanwhile: the page shows its state.
      return data<ActionData>({ values, errors: {}, formError: null });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `TEST MODE · Pay ${loaderData.amount} for ${loaderData.description}` : "TEST MODE · Checkout not found" },
  { name: "description", content: "The test provider's payment page: payments here are simulated with test cards, and no real card is charged." },
  // Never indexed: a simulated payment page of one buyer's checkout.
  { name: "robots", content: "noindex, nofollow" },
];

export default function TestCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status, description, amount, customerEmail, lastError, successUrl, cancelUrl } = loaderData;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? { cardNumber: "", expiry: "", cardName: "" };
  const formError = actionData ? actionData.formError : lastError;
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
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
          <form method="post" className="grid gap-1 rounded-lg border bg-card p-5 shadow-sm" noValidate>
            <input type="hidden" name="intent" value="pay" />
            <FormAlert message={formError ?? undefined} />
            <FormField id="card-number" label="Card number" errors={errors.cardNumber ? [errors.cardNumber] : undefined}>
              {(control) => (
                <Input
                  {...control}
                  name="cardNumber"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="1234 1234 1234 1234"
                  defaultValue={values.cardNumber}
                  maxLength={23}
                  required
                />
              )}
            </FormField>
            <div className="grid grid-cols-2 gap-3">
              <FormField id="card-expiry" label="Expiry (MM/YY)" errors={errors.expiry ? [errors.expiry] : undefined}>
                {(control) => (
                  <Input
                    {...control}
                    name="expiry"
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    placeholder="MM/YY"
                    defaultValue={values.expiry}
                    maxLength={7}
                    required
                  />
                )}
              </FormField>
              <FormField id="card-cvc" label="CVC" errors={errors.cvc ? [errors.cvc] : undefined}>
                {(control) => <Input {...control} name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} required />}
              </FormField>
            </div>
            <FormField id="card-name" label="Name on card" errors={errors.cardName ? [errors.cardName] : undefined}>
              {(control) => <Input {...control} name="cardName" autoComplete="cc-name" defaultValue={values.cardName} maxLength={200} required />}
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
              <button type="submit" name="result" value="fail" className="inline-flex h-11 items-center rounded-md border px-4 font-semibold hover:bg-muted">
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
