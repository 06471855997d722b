import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useSubmit } from "react-router";
import { Logo } from "~/components/site/logo";
import { PlanFeatureList, PlanPrice } from "~/domains/marketing/components/plan-parts";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { CheckoutConfirmation } from "~/domains/billing/components/checkout-confirmation";
import { paidPlanOf } from "~/domains/billing/content/paid-plan";
import { readBillingState } from "~/domains/billing/server/read-billing-state.server";
import { findPlanOffer, PLAN_OFFERS } from "~/domains/marketing/content/plans";
import { readPlanChoice } from "~/domains/workspace/server/read-plan-choice.server";
import { authorizeUser } from "~/kernel/session/authorize-user.server";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { useToastThenNavigate } from "~/lib/use-toast-then-navigate";
import { usePendingFormData } from "~/lib/use-is-pending";
import { requireUser } from "~/routes/http/require-user.server";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/choose-plan";
import { answerPlanChoice } from "./choose-plan.server";

export const PAID_PLAN_REDIRECT_MS = 1000;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Choose Your Plan", description: "Pick the Sellkit plan that fits you." });

/**
 * Signed in: the plan choice. `?plan=` (a plan page's Start button) starts that plan; signed out it goes to sign-up
 * keeping the plan. `?checkout=` is the return from a checkout: it waits for the plan to be in force.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const started = paidPlanOf(ctx.url.searchParams.get("plan"));
  const found = await authorizeUser(context.services, ctx);
  if (!found.ok) throw redirect(started ? `/signup?plan=${started}` : found.redirectTo);
  const user = found.user;
  const checkout = paidPlanOf(ctx.url.searchParams.get("checkout"));
  const [choice, billing] = await Promise.all([
    readPlanChoice(context.services.db, user.id),
    checkout ? readBillingState(context.services.db, user.id) : null,
  ]);
  return {
    selected: started ?? checkout ?? choice.plan ?? choice.requestedPlan ?? undefined,
    start: started,
    checkout: checkout ? { plan: checkout, confirmed: billing?.plan === checkout } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  const plan = findPlanOffer(String((await readFormData(request)).get("plan") ?? ""));
  if (!plan) return data({ ok: false as const, message: "Failed to set up your account" }, { status: 400 });
  return answerPlanChoice(context.services, ctx, user, plan);
}

export default function ChoosePlan({ loaderData, actionData }: Route.ComponentProps) {
  const sent = usePendingFormData();
  const pending = sent ? String(sent.get("plan") ?? "") : null;
  const submit = useSubmit();
  const startedOnce = useRef(false);
  const { start, checkout } = loaderData;
  useEffect(() => {
    if (actionData && !actionData.ok) showToast({ type: "error", title: actionData.message });
  }, [actionData]);
  // A plan page's Start button: the plan is started as if its button here were pressed, once.
  useEffect(() => {
    if (!start || startedOnce.current) return;
    startedOnce.current = true;
    submit({ plan: start }, { method: "post", replace: true });
  }, [start, submit]);
  useToastThenNavigate(
    actionData,
    actionData?.ok
      ? {
          toast: { type: "success", title: `${actionData.planName} plan selected!` },
          to: "/dashboard",
          delayMs: PAID_PLAN_REDIRECT_MS,
        }
      : null,
  );
  return (
    <div className="min-h-dvh bg-gradient-to-b from-secondary/60 to-background px-4 py-10">
      <div className="mx-auto max-w-6xl">
        <header>
          <Logo size="lg" />
        </header>
        <main id="main" className="mt-8">
          <h1 className="text-3xl font-bold tracking-tight">Choose Your Plan</h1>
          <p className="mt-2 text-muted-foreground">Start free, or pick a paid plan. You can change it any time.</p>
          {checkout ? (
            <div className="mt-6">
              <CheckoutConfirmation
                plan={checkout.plan}
                confirmed={checkout.confirmed}
                to="/dashboard"
                delayMs={PAID_PLAN_REDIRECT_MS}
              />
            </div>
          ) : null}
          {start && pending === start && start !== "pro" ? (
            <p role="status" className="mt-6 rounded-md border bg-card p-4 text-sm">
              Redirecting to checkout…
            </p>
          ) : null}
          <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
            {PLAN_OFFERS.map((plan) => {
              const selected = pending ? pending === plan.id : loaderData.selected === plan.id;
              return (
                <li
                  key={plan.id}
                  className={cn("flex flex-col rounded-lg border bg-card p-6", selected && "border-2 border-primary")}
                >
                  {plan.mostPopular ? <Badge className="self-start">Most Popular</Badge> : null}
                  <h2 className="mt-2 text-xl font-semibold">{plan.name}</h2>
                  <PlanPrice plan={plan} className="mt-2" />
                  <PlanFeatureList features={plan.features} className="mt-4 flex-1 text-sm" />
                  <Form method="post" className="mt-6">
                    <input type="hidden" name="plan" value={plan.id} />
                    <Button
                      type="submit"
                      className="w-full"
                      variant={selected ? "default" : "outline"}
                      disabled={pending !== null}
                      aria-pressed={selected}
                    >
                      {pending === plan.id ? "Setting up..." : `Choose ${plan.name}`}
                    </Button>
                  </Form>
                </li>
              );
            })}
          </ul>
          <div className="mt-8 text-center">
            <Link to="/dashboard" className={buttonClass({ variant: "ghost" })}>
              Skip for now
            </Link>
          </div>
        </main>
      </div>
    </div>
  );
}
