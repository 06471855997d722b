import { Suspense } from "react";
import { Await } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { ButtonLink } from "~/components/ui/button";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import {
  BalanceFigures,
  EarningsFigures,
  NextPayoutNotice,
  PayoutList,
  PayoutsSection,
  PayPalCaptures,
  ReadAt,
  StripeSkeleton,
} from "~/domains/payouts/components/payout-parts";
import { TEST_MODE_TEXT } from "~/domains/payments/content/providers";
import { dayKeyOf, nextPayout, PAYOUT_PROMISE, TEST_PAYOUT_DELAY_BUSINESS_DAYS } from "~/domains/payouts/ledger-rules";
import { formatMoney } from "~/lib/money";
import { type NextPayout, PAYOUTS_PATH, upcomingPayout } from "~/domains/payouts/payouts-display";
import {
  parseTestPayoutsCursor,
  payoutsPageQuery,
  testPayoutsCursorParam,
} from "~/domains/payouts/server/payouts-page-query.server";
import { parseStripePayoutCursor, readStripePayouts } from "~/domains/payouts/server/read-stripe-payouts.server";
import { creatorTimeZone, savedTimeZoneQuery } from "~/kernel/store/creator-time-zone.server";
import { pageMeta } from "~/lib/meta";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/payouts";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Payouts", description: "What you earned and what your payment provider paid out." }),
  { name: "robots", content: "noindex" },
];

const link = (params: Record<string, string | null>) => {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return query ? `${PAYOUTS_PATH}?${query}` : PAYOUTS_PATH;
};

/**
 * The creator's payouts in the session check's one statement; Stripe's balance is deferred so a slow Stripe
 * leaves the page whole.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const after = parseTestPayoutsCursor(ctx.url.searchParams.get("after"));
  const stripeAfter = parseStripePayoutCursor(ctx.url.searchParams.get("stripe_after"));
  const { page: both } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({ payouts: payoutsPageQuery(after), savedTimeZone: savedTimeZoneQuery }),
  });
  const { earnings, accounts, testLedger, payPalCaptures, stripeAccountId, readAt } = both.payouts;
  const payments = context.services.payments;
  const today = dayKeyOf(new Date(readAt));
  const testNext = [...new Set(testLedger.unpaid.map((entry) => entry.currency))].flatMap((currency): NextPayout[] => {
    const unpaid = testLedger.unpaid
      .filter((entry) => entry.currency === currency)
      .map((entry) => ({ payableDay: entry.day, amountCents: entry.amountCents }));
    const next = nextPayout(unpaid, today, testLedger.paidOutToday.includes(currency));
    return next ? [{ currency, ...next }] : [];
  });
  const hasProvider = (provider: string) =>
    accounts.some((account) => account.provider === provider) ||
    earnings.byProvider.some((entry) => entry.provider === provider);
  const lastTest = testLedger.payouts.at(-1);
  const testSection =
    payments.test || hasProvider("test") || testLedger.payouts.length || testLedger.balances.length
      ? {
          balances: testLedger.balances,
          next: testNext,
          payouts: testLedger.payouts.map(({ payoutDay: _, ...payout }) => payout),
          nextPage:
            testLedger.more && lastTest
              ? link({ after: testPayoutsCursorParam(lastTest), stripe_after: stripeAfter })
              : null,
          firstPage: after ? link({ stripe_after: stripeAfter }) : null,
        }
      : null;
  const stripe = stripeAccountId
    ? {
        configured: Boolean(payments.stripe?.payouts),
        firstPage: stripeAfter
          ? link({ after: after ? testPayoutsCursorParam({ payoutDay: after.payoutDate, id: after.id }) : null })
          : null,
        read: payments.stripe?.payouts ? readStripePayouts(context.services, stripeAccountId, stripeAfter) : null,
      }
    : null;
  return {
    earnings,
    readAt,
    timeZone: creatorTimeZone(ctx, both.savedTimeZone),
    testSection,
    testAfter: after ? testPayoutsCursorParam({ payoutDay: after.payoutDate, id: after.id }) : null,
    stripe,
    payPal: hasProvider("paypal")
      ? { captures: payPalCaptures, earned: earnings.byProvider.find((entry) => entry.provider === "paypal") ?? null }
      : null,
  };
}

export default function Payouts({ loaderData }: Route.ComponentProps) {
  const { earnings, readAt, timeZone, testSection, testAfter, stripe, payPal } = loaderData;
  const noProvider = !testSection && !stripe && !payPal;
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-8 sm:px-6">
      <div>
        <BackLink to="/dashboard">Back to dashboard</BackLink>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Payouts</h1>
        <p className="mt-2 text-lg text-muted-foreground">
          What you earned, what your payment provider holds for you and what it paid out. {PAYOUT_PROMISE}
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <ButtonLink to="/orders" variant="outline">
            View orders
          </ButtonLink>
          <ButtonLink to="/payments" variant="outline">
            Payment providers
          </ButtonLink>
        </div>
      </div>

      <PayoutsSection title="Earnings">
        {earnings.orders === 0 ? (
          <p>No sales yet. When buyers pay for your products, what you earned and your payouts appear here.</p>
        ) : (
          <EarningsFigures earnings={earnings} />
        )}
        <ReadAt at={readAt} timeZone={timeZone} source="your orders" />
      </PayoutsSection>

      {noProvider ? (
        <PayoutsSection title="No payment provider yet">
          <p>Connect Stripe or PayPal to take payments: payouts from your provider appear here.</p>
          <div>
            <ButtonLink to="/payments">Connect a payment provider</ButtonLink>
          </div>
        </PayoutsSection>
      ) : null}

      {testSection ? (
        <PayoutsSection
          title="Test provider balance"
          description={`${TEST_MODE_TEXT}. Each sale's net becomes available after ${TEST_PAYOUT_DELAY_BUSINESS_DAYS} business days and is paid out on that day's payout, which arrives the next business day.`}
        >
          <BalanceFigures balances={testSection.balances} label="Test provider balance" />
          {testSection.next.length ? (
            testSection.next.map((next) => <NextPayoutNotice key={next.currency} next={next} />)
          ) : (
            <NextPayoutNotice next={null} />
          )}
          <h3 className="font-semibold">Payouts</h3>
          {testSection.payouts.length ? (
            <PayoutList payouts={testSection.payouts} caption="Test provider payouts, newest first" />
          ) : (
            <p className="text-sm">No payouts yet.</p>
          )}
          <KeysetPager
            label="Pages of test provider payouts"
            first={testSection.firstPage}
            next={testSection.nextPage}
            firstLabel="Latest payouts"
            nextLabel="Older payouts"
          />
          <ReadAt at={readAt} timeZone={timeZone} source="Sellkit's test ledger" />
        </PayoutsSection>
      ) : null}

      {stripe ? (
        <PayoutsSection
          title="Stripe"
          description="Stripe holds your card payments and pays them out to your bank account on your account's payout schedule."
        >
          {stripe.read ? (
            <Suspense fallback={<StripeSkeleton />}>
              <Await resolve={stripe.read}>
                {(read) =>
                  read.ok ? (
                    <>
                      <BalanceFigures balances={read.balances} label="Stripe balance" />
                      <NextPayoutNotice next={upcomingPayout(read.payouts)} />
                      <h3 className="font-semibold">Payouts</h3>
                      {read.payouts.length ? (
                        <PayoutList payouts={read.payouts} caption="Stripe payouts, newest first" />
                      ) : (
                        <p className="text-sm">Stripe has not paid anything out yet.</p>
                      )}
                      <KeysetPager
                        label="Pages of Stripe payouts"
                        first={stripe.firstPage}
                        next={read.nextAfter ? link({ after: testAfter, stripe_after: read.nextAfter }) : null}
                        firstLabel="Latest Stripe payouts"
                        nextLabel="Older Stripe payouts"
                      />
                      <ReadAt at={read.readAt} timeZone={timeZone} source="Stripe" />
                    </>
                  ) : (
                    <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm">
                      {read.message}
                    </p>
                  )
                }
              </Await>
            </Suspense>
          ) : (
            <p className="text-sm">
              Stripe is not set up on this server any more, so your Stripe balance cannot be read here. Stripe's
              dashboard shows it.
            </p>
          )}
        </PayoutsSection>
      ) : null}

      {payPal ? (
        <PayoutsSection
          title="PayPal"
          description="PayPal has no separate payouts: each payment goes into your PayPal account when it is captured, minus Sellkit's fee."
        >
          {payPal.earned ? (
            <p className="text-sm">
              Captured in your PayPal account: {formatMoney(payPal.earned.netCents, earnings.currency)} net of refunds
              and fees, from {payPal.earned.orders === 1 ? "1 payment" : `${payPal.earned.orders} payments`}.
            </p>
          ) : null}
          <PayPalCaptures captures={payPal.captures} timeZone={timeZone} />
        </PayoutsSection>
      ) : null}
    </div>
  );
}
