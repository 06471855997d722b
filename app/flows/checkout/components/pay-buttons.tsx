import type { ProviderId } from "~/domains/payments/content/providers";

const PAY_LABELS: Record<ProviderId, string> = {
  test: "Pay with card",
  stripe: "Pay with card",
  paypal: "Pay with PayPal",
};

/** A checkout form's submit buttons: one per provider the seller takes payments through, or one for a free order. */
export function PayButtons({ free, providers }: { free: boolean; providers: readonly ProviderId[] }) {
  return (
    <div className="mt-4 grid gap-3">
      {free ? (
        <button type="submit" name="intent" value="pay" className="store-button w-full">
          Get it for free
        </button>
      ) : (
        providers.map((provider) => (
          <button key={provider} type="submit" name="provider" value={provider} className="store-button w-full">
            {PAY_LABELS[provider]}
            {provider === "test" ? " (TEST MODE)" : ""}
          </button>
        ))
      )}
    </div>
  );
}
