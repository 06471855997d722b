import type { Env } from "~/server/env.server";

/**
 * The origins of the providers' hosted pages our forms redirect to, for the CSP's form-action, which browsers also
 * apply to redirects.
 */
export function paymentPageOrigins(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_URL" | "PAYPAL_CLIENT_ID" | "PAYPAL_API_URL">,
): string[] {
  const origins: string[] = [];
  if (env.STRIPE_SECRET_KEY) {
    origins.push(
      ...(env.STRIPE_API_URL
        ? [new URL(env.STRIPE_API_URL).origin]
        : ["https://checkout.stripe.com", "https://connect.stripe.com"]),
    );
  }
  if (env.PAYPAL_CLIENT_ID) {
    const api = env.PAYPAL_API_URL ? new URL(env.PAYPAL_API_URL) : null;
    if (!api || api.hostname.endsWith(".paypal.com")) {
      origins.push(api?.hostname.includes("sandbox") ? "https://www.sandbox.paypal.com" : "https://www.paypal.com");
    } else {
      origins.push(api.origin);
    }
  }
  return origins;
}
