import Stripe from "stripe";
import { WebhookVerificationError } from "./http/webhook-verification-error.server";

// The Stripe SDK as every Stripe integration of Sellkit uses it: payments (Connect) and billing (Sellkit's own plans).

/** The API version every request is pinned to (the one stripe 23.1.0 is generated for). */
export const STRIPE_API_VERSION = "2026-10-28.endive" as const;

/** Seconds a webhook's signed timestamp may be old (Stripe's own default tolerance). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;
/** Seconds a webhook's signed timestamp may be ahead of this server's clock (the SDK checks only the past). */
export const STRIPE_WEBHOOK_MAX_FUTURE_SECONDS = 300;

/** The SDK's settings: pinned version, and host/port/protocol from STRIPE_API_URL when set (tests: the stand-in). */
export function stripeClientConfig(apiUrl: string | undefined): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Sellkit" },
  };
  if (apiUrl) {
    const url = new URL(apiUrl);
    config.host = url.hostname;
    config.protocol = url.protocol === "http:" ? "http" : "https";
    config.port = url.port || (url.protocol === "http:" ? 80 : 443);
  }
  return config;
}

/** A Stripe client for the secret key, pointed at STRIPE_API_URL when set. */
export function stripeClient(secretKey: string, apiUrl: string | undefined): Stripe {
  return new Stripe(secretKey, stripeClientConfig(apiUrl));
}

/**
 * Checks a delivery's Stripe-Signature against each of the endpoint's secrets, fresh and not from the future;
 * throws WebhookVerificationError otherwise.
 */
export function constructStripeEvent(
  stripe: Stripe,
  rawBody: Buffer | string,
  signature: string | undefined,
  secrets: readonly string[],
): Stripe.Event {
  if (!signature) throw new WebhookVerificationError("No Stripe-Signature header");
  if (secrets.length === 0) throw new WebhookVerificationError("No Stripe webhook secret is configured");
  let event: Stripe.Event | undefined;
  let lastError: unknown;
  for (const secret of secrets) {
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, secret, STRIPE_WEBHOOK_TOLERANCE_SECONDS);
      break;
    } catch (error) {
      lastError = error;
    }
  }
  if (!event)
    throw new WebhookVerificationError(
      lastError instanceof Error ? lastError.message : "Webhook signature verification failed",
    );
  const signedAt = [...signature.matchAll(/(?:^|,)\s*t=(\d+)/g)].map((match) => Number(match[1]));
  if (signedAt.some((seconds) => seconds > Math.floor(Date.now() / 1000) + STRIPE_WEBHOOK_MAX_FUTURE_SECONDS)) {
    throw new WebhookVerificationError("Timestamp is too far in the future");
  }
  return event;
}

/** A comma-separated list of webhook signing secrets (one per endpoint), without blanks. */
export function webhookSecretsOf(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
}
