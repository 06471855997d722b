import { Refusal } from "~/db/refusal.server";
import { fail, type Failure } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { BillingActor, BillingServices } from "./billing-services.server";
import { runBillingChange } from "./run-billing-change.server";
import { testBillingProviderOf } from "./test-billing-provider-of.server";

/** Pays a test checkout with a test card; the plan starts with the payment's events. Answers where to go back. */
export function payTestCheckout(
  services: BillingServices,
  actor: BillingActor,
  input: { checkoutId: string; card: string },
  meta: RequestMeta,
): Promise<{ ok: true; url: string } | Failure> {
  return runBillingChange(services, actor, meta, { live: false, testOnly: true }, async ({ customerId, apply }) => {
    const provider = testBillingProviderOf(services.billing);
    const customer = await customerId();
    const checkout = await provider.readCheckout({ customerId: customer, checkoutId: input.checkoutId });
    if (checkout?.status !== "open") throw new Refusal(fail("BILLING_CHECKOUT_NOT_FOUND"));
    await apply(await provider.payCheckout({ customerId: customer, checkoutId: input.checkoutId, card: input.card }));
    return { ok: true as const, url: checkout.successUrl };
  });
}
