import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { ButtonLink } from "~/components/ui/button";
import { requireUser } from "~/routes/http/require-user.server";
import { ProviderCard, TestProviderCard } from "~/domains/payments/components/provider-card";
import { CONNECTABLE_PROVIDERS, PROVIDER_TEXTS, TEST_MODE_TEXT } from "~/domains/payments/content/providers";
import { providerConnectionSchema } from "~/domains/payments/schemas/provider-connection";
import { connectPaymentAccount } from "~/domains/payments/server/connect-payment-account.server";
import { paymentAccountsQuery } from "~/domains/payments/server/payment-accounts-query.server";
import { refreshPaymentAccount } from "~/domains/payments/server/refresh-payment-account.server";
import { pageMeta } from "~/lib/meta";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import type { Route } from "./+types/payments";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Payments", description: "Connect a payment provider to take payments." }),
  { name: "robots", content: "noindex" },
];

/** The seller's payment connection page, protected: one card per provider. One statement. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { page: accounts } = await requireUser(context.services, requestContext(request), {
    batch: context,
    page: paymentAccountsQuery,
  });
  const payments = context.services.payments;
  return {
    testMode: Boolean(payments.test),
    providers: CONNECTABLE_PROVIDERS.map((provider) => ({
      provider,
      configured: Boolean(payments[provider]?.onboarding),
      status: accounts.find((account) => account.provider === provider)?.status ?? ("not_connected" as const),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  const submission = parseWithZod(await readFormData(request), { schema: providerConnectionSchema });
  if (submission.status !== "success")
    return data({ provider: null, error: "Please use the page's buttons." }, { status: 400 });
  const { intent, provider } = submission.value;
  const name = PROVIDER_TEXTS[provider].name;
  if (intent === "connect") {
    const origin = context.services.env.APP_URL;
    const connected = await connectPaymentAccount(
      context.services,
      user,
      provider,
      { returnUrl: `${origin}/payments/${provider}/return`, refreshUrl: `${origin}/payments` },
      ctx.meta,
    );
    if (!connected.ok)
      return data(
        { provider, error: connected.message },
        { status: connected.code === "PAYMENT_CONNECT_FAILED" ? 503 : 409 },
      );
    throw redirect(connected.url);
  }
  const refreshed = await refreshPaymentAccount(context.services, user.id, provider, ctx.meta);
  if (!refreshed.ok) return data({ provider, error: refreshed.message }, { status: 409 });
  return redirectWithToast(ctx.url.pathname, {
    type: "success",
    title: refreshed.status === "ready" ? `${name} is ready` : `${name} still needs details`,
    description:
      refreshed.status === "ready"
        ? "You can take payments."
        : `Continue with ${name} to finish setting up your account.`,
  });
}

export default function PaymentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { testMode, providers } = loaderData;
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-8 sm:px-6">
      <div>
        <BackLink to="/dashboard">Back to dashboard</BackLink>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Payments</h1>
        <p className="mt-2 text-lg text-muted-foreground">
          Connect a payment provider to sell your products. Buyers pay the provider; payouts typically within 7 business
          days.
        </p>
        <div className="mt-4">
          <ButtonLink to="/payouts" variant="outline">
            View payouts
          </ButtonLink>
        </div>
      </div>
      {actionData && !actionData.provider ? <p role="alert">{actionData.error}</p> : null}
      {testMode ? <TestProviderCard text={TEST_MODE_TEXT} /> : null}
      {providers.map((entry) => (
        <ProviderCard
          key={entry.provider}
          {...entry}
          error={actionData?.provider === entry.provider ? actionData.error : undefined}
        />
      ))}
    </div>
  );
}
