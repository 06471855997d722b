import { attributionOf } from "~/domains/analytics/content/attribution";
import type { CheckoutFormInput } from "~/flows/checkout/schemas/checkout";
import type { CheckoutInput } from "./create-checkout.server";
import type { CheckoutLineInput } from "./resolve-checkout-lines.server";

/**
 * The checkout a valid pay form asks for: its lines, buyer, code, pay button, address (given a country) and
 * attribution.
 */
export function checkoutInputOf(
  form: Extract<CheckoutFormInput, { intent: "pay" }>,
  lines: CheckoutLineInput[],
  appUrl: string,
): CheckoutInput {
  const country = form.country || undefined;
  return {
    lines,
    email: form.email,
    discountCode: form.discountCode,
    provider: form.provider,
    shippingAddress: country
      ? {
          name: form.name ?? "",
          line1: form.line1 ?? "",
          line2: form.line2 ?? "",
          city: form.city ?? "",
          region: form.region ?? "",
          postcode: form.postcode ?? "",
          country,
        }
      : undefined,
    shippingRateId: form.shippingRateId || undefined,
    attribution: attributionOf(form.attribution ?? "", undefined, new URL(appUrl).hostname),
  };
}
