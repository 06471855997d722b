import { useEffect, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { BILLING_PAGE_PATH, CHECKOUT_CONFIRMATION, planSelectedText } from "~/domains/billing/content/billing-texts";
import type { PlanId } from "~/lib/plans";
import { useToastThenNavigate } from "~/lib/use-toast-then-navigate";

/** How often the page asks again whether the provider's payment event has arrived. */
export const CHECKOUT_POLL_MS = 1000;

/** How long the page waits for that event before it says so and links to the Billing page. */
export const CHECKOUT_WAIT_MS = 20_000;

/**
 * The return from a paid plan's checkout: it reloads the page's data every second until the plan is in force.
 * Then it toasts '{plan} plan selected!' and goes to `to` after `delayMs`.
 */
export function CheckoutConfirmation({
  plan,
  confirmed,
  to,
  delayMs,
}: {
  plan: PlanId;
  confirmed: boolean;
  to: string;
  delayMs: number;
}) {
  const revalidator = useRevalidator();
  const [gaveUp, setGaveUp] = useState(false);
  useToastThenNavigate(
    confirmed,
    confirmed ? { toast: { type: "success", title: planSelectedText(plan) }, to, delayMs } : null,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the revalidator changes identity on every reload; one timer per wait
  useEffect(() => {
    if (confirmed || gaveUp) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started >= CHECKOUT_WAIT_MS) {
        setGaveUp(true);
        clearInterval(timer);
      } else if (revalidator.state === "idle") revalidator.revalidate();
    }, CHECKOUT_POLL_MS);
    return () => clearInterval(timer);
  }, [confirmed, gaveUp]);
  return (
    <div role="status" aria-live="polite" className="rounded-md border bg-card p-4 text-sm">
      {confirmed ? (
        planSelectedText(plan)
      ) : gaveUp ? (
        <>
          {CHECKOUT_CONFIRMATION.notYet}{" "}
          <Link to={BILLING_PAGE_PATH} className="font-medium text-primary underline underline-offset-4">
            {CHECKOUT_CONFIRMATION.billingLink}
          </Link>
          .
        </>
      ) : (
        CHECKOUT_CONFIRMATION.waiting
      )}
    </div>
  );
}
