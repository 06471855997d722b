import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { Logo } from "~/components/site/logo";
import { PlanFeatureList, PlanPrice } from "~/domains/marketing/components/plan-parts";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { findPlanOffer, PLAN_OFFERS } from "~/domains/marketing/content/plans";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { useToastThenNavigate } from "~/lib/use-toast-then-navigate";
import { usePendingFormData } from "~/lib/use-is-pending";
import { requireUser } from "~/routes/http/require-user.server";
import { readFormData } from "~/server/http/read-form-data.server";
import { choosePlan } from "~/domains/workspace/server/choose-plan.server";
import { readPlanChoice } from "~/domains/workspace/server/read-plan-choice.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import type { Route } from "./+types/choose-plan";
import { requestContext } from "~/server/http/request-context.server";

export const PAID_PLAN_REDIRECT_MS = 1000;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Choose Your Plan", description: "Pick the Sellkit plan that fits you." });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.services, requestContext(request));
  const choice = await readPlanChoice(context.services.db, user.id);
  return { selected: choice.plan ?? choice.requestedPlan ?? undefined };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context.services, requestContext(request));
  const plan = findPlanOffer(String((await readFormData(request)).get("plan") ?? ""));
  if (!plan) return data({ ok: false as const, message: "Failed to set up your account" }, { status: 400 });
  try {
    await choosePlan(context.services.db, user.id, plan.id);
  } catch (error) {
    context.services.logger.error({ err: error }, "plan not stored");
    return data({ ok: false as const, message: "Failed to set up your account" }, { status: 503 });
  }
  if (!plan.isPaid)
    return redirectWithToast("/dashboard", { type: "success", title: "Welcome! Your free account is ready." });
  return { ok: true as const, planName: plan.name };
}

export default function ChoosePlan({ loaderData, actionData }: Route.ComponentProps) {
  const sent = usePendingFormData();
  const pending = sent ? String(sent.get("plan") ?? "") : null;
  useEffect(() => {
    if (actionData && !actionData.ok) showToast({ type: "error", title: actionData.message });
  }, [actionData]);
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
