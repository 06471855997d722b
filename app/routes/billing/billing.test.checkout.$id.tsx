import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { TestCardField } from "~/domains/billing/components/test-card-field";
import { testBillingCardSchema } from "~/domains/billing/schemas/test-billing-card";
import { payTestCheckout } from "~/domains/billing/server/pay-test-checkout.server";
import { readTestCheckout } from "~/domains/billing/server/read-test-checkout.server";
import { TestModeBanner } from "~/flows/checkout/components/test-mode-banner";
import { statusOf } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { PLAN_TABLE } from "~/lib/plans";
import type { RouteHandle } from "~/lib/route-handle";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/billing.test.checkout.$id";
import { requireTestMode, testModeNotFound } from "./test-mode.server";

/** Plain forms, no script: the stand-in of a provider's hosted page. */
export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `TEST MODE · Subscribe to ${loaderData.plan}` : "TEST MODE · Checkout not found" },
  { name: "description", content: "The test provider's subscription checkout: no real card is charged." },
  { name: "robots", content: "noindex, nofollow" },
];

/** The test provider's hosted checkout of a plan: the creator's own checkout only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireTestMode(context.services, requestContext(request), context);
  const checkout = await readTestCheckout(context.services.db, user.id, params.id);
  if (!checkout) throw testModeNotFound("BILLING_CHECKOUT_NOT_FOUND");
  return {
    plan: PLAN_TABLE[checkout.plan].name,
    amount: formatMoney(checkout.amountMinor, checkout.currency),
    email: user.email,
    open: checkout.status === "open",
    cancelUrl: checkout.cancelUrl,
  };
}

/** Pay: the card decides (4242… pays, 4000…0002 is declined); paid, the creator goes back to the success URL. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const { actor } = await requireTestMode(context.services, ctx);
  const submission = parseWithZod(await readFormData(request), { schema: testBillingCardSchema });
  if (submission.status !== "success")
    return data({ error: submission.error?.card?.[0] ?? "Please enter a card number." }, { status: 400 });
  const paid = await payTestCheckout(
    context.services,
    actor,
    { checkoutId: params.id, card: submission.value.card },
    ctx.meta,
  );
  if (!paid.ok) return data({ error: paid.message }, { status: statusOf(paid.code) });
  return redirect(paid.url);
}

export default function TestBillingCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, amount, email, open, cancelUrl } = loaderData;
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <TestModeBanner />
      <main id="main" className="mx-auto grid w-full max-w-md gap-6 px-4 py-8">
        <div className="grid gap-1">
          <p className="text-sm font-semibold tracking-wide text-warning">TEST MODE</p>
          <h1 className="text-2xl font-semibold">Subscribe to {plan}</h1>
          <p className="text-muted-foreground">
            {amount} a month · for <span className="font-medium text-foreground">{email}</span>
          </p>
        </div>
        {open ? (
          <form method="post" className="grid gap-3 rounded-lg border bg-card p-5 shadow-sm">
            <FormAlert message={actionData?.error} />
            <TestCardField id="card" label="Card number" />
            <div className="flex flex-wrap gap-3">
              <Button type="submit">Pay {amount}</Button>
              <a href={cancelUrl} className={buttonClass({ variant: "outline" })}>
                Cancel
              </a>
            </div>
          </form>
        ) : (
          <p role="status" className="rounded-lg border bg-card p-5">
            This checkout is closed.{" "}
            <a href={cancelUrl} className="font-medium text-primary underline underline-offset-4">
              Back to Sellkit
            </a>
          </p>
        )}
      </main>
    </div>
  );
}
