import { useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { monthlyPriceText } from "~/domains/billing/content/billing-texts";
import { DOWNGRADE_RESTORED, downgradeEffects } from "~/domains/billing/content/downgrade-effects";
import { planRank as rank } from "~/domains/billing/billing-rules";
import { PLAN_TABLE, type PlanId } from "~/lib/plans";
import { useIsPending } from "~/lib/use-is-pending";
import { BILLING_PLAN_CHOICES } from "~/pages/settings/schemas/settings-billing-plan";

type Choice = (typeof BILLING_PLAN_CHOICES)[number];

/** What the button says and the page explains for a move from `current` (null: no running subscription) to `next`. */
function moveOf(current: PlanId | null, next: Choice, trialAvailable: boolean) {
  const name = PLAN_TABLE[next].name;
  if (current === null)
    return next === "pro" && trialAvailable
      ? { label: `Start the ${PLAN_TABLE.pro.trialDays}-day Pro trial`, note: "No card needed during the trial." }
      : {
          label: `Subscribe to ${name}`,
          note: `You pay ${monthlyPriceText(next)} at checkout; the plan starts once it is paid.`,
        };
  if (rank(next) > rank(current))
    return { label: `Upgrade to ${name} now`, note: "The upgrade starts at once; the difference is charged pro rata." };
  return { label: `Downgrade to ${name}`, note: "The downgrade takes effect at the end of the period you paid for." };
}

/**
 * Change plan: the paid plans as radio buttons. A downgrade lists what it suspends (from the plan table) before the
 * creator confirms; an upgrade starts at once.
 */
export function BillingPlanForm({
  current,
  preselected,
  trialAvailable,
  error,
}: {
  /** The plan of the running subscription; null without one. */
  current: PlanId | null;
  preselected: Choice | null;
  trialAvailable: boolean;
  error?: string;
}) {
  const busy = useIsPending({ intent: "change-plan" });
  const initial = preselected ?? BILLING_PLAN_CHOICES.find((plan) => plan !== current) ?? "pro";
  const [plan, setPlan] = useState<Choice>(initial);
  const same = plan === current;
  const move = moveOf(current, plan, trialAvailable);
  const effects = current && rank(plan) < rank(current) ? downgradeEffects(current, plan) : [];
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="change-plan" />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Plan</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {BILLING_PLAN_CHOICES.map((choice) => (
            <label
              key={choice}
              className="flex items-start gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name="plan"
                value={choice}
                checked={plan === choice}
                onChange={() => setPlan(choice)}
                className="mt-0.5 size-4 accent-[var(--color-primary)]"
              />
              <span>
                <span className="font-medium">{PLAN_TABLE[choice].name}</span>
                {choice === current ? <span className="text-muted-foreground"> (current)</span> : null}
                <span className="block text-xs text-muted-foreground">{monthlyPriceText(choice)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {effects.length > 0 ? (
        <div
          role="note"
          aria-labelledby="downgrade-notice-title"
          className="rounded-md border border-warning/60 bg-warning/10 p-3 text-sm"
        >
          <p id="downgrade-notice-title" className="font-semibold">
            What the downgrade to {PLAN_TABLE[plan].name} suspends
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {effects.map((effect) => (
              <li key={effect}>{effect}</li>
            ))}
          </ul>
          <p className="mt-2">{DOWNGRADE_RESTORED}</p>
        </div>
      ) : null}
      {same ? null : <p className="text-sm text-muted-foreground">{move.note}</p>}
      <FormAlert message={error} />
      <div>
        <Button type="submit" disabled={busy || same}>
          {busy ? "Saving..." : same ? "This is your plan" : move.label}
        </Button>
      </div>
    </Form>
  );
}
