import { lazy, Suspense } from "react";
import type { BillingBannerState } from "~/domains/billing/content/billing-banner-texts";

// Every workspace page, the point of sale included, loads the layout. So the banner comes in a chunk of its own,
// fetched only while a trial runs or a payment has failed.
const BillingBanner = lazy(() => import("./billing-banner").then((module) => ({ default: module.BillingBanner })));

/** The workspace's billing banner, loaded on demand when the creator's billing needs it. */
export function LazyBillingBanner({ state }: { state: BillingBannerState | null }) {
  if (!state || (state.status !== "trialing" && state.status !== "past_due")) return null;
  return (
    <Suspense fallback={null}>
      <BillingBanner state={state} />
    </Suspense>
  );
}
