import type { Database } from "~/db/database.server";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { PaymentProviders } from "./payment-provider.server";
import { createPayPalProvider } from "./paypal-provider.server";
import { createStripeProvider } from "./stripe-provider.server";
import { createTestProvider, type DeliverWebhook } from "./test-provider.server";

/** Whether the built-in test provider is on: PAYMENTS_TEST_MODE=on, or `auto` (the default) outside production. */
export function testModeEnabled(env: Pick<Env, "PAYMENTS_TEST_MODE" | "NODE_ENV">): boolean {
  return env.PAYMENTS_TEST_MODE === "on" || (env.PAYMENTS_TEST_MODE === "auto" && env.NODE_ENV !== "production");
}

/** This server's configured payment providers, made at start-up; the test provider reports through `deliverWebhook`. */
export function createPaymentProviders({
  env,
  db,
  logger,
  deliverWebhook,
}: {
  env: Env;
  db: Database;
  logger: Logger;
  deliverWebhook: DeliverWebhook;
}): PaymentProviders {
  const providers: PaymentProviders = {};
  if (testModeEnabled(env)) {
    if (!env.AUTH_SECRET) throw new Error("The test payment provider needs AUTH_SECRET to sign its webhooks.");
    providers.test = createTestProvider({ db, authSecret: env.AUTH_SECRET, deliver: deliverWebhook, logger });
  }
  // Stripe (cards, Apple Pay, Google Pay) and PayPal (the wallet) when their keys are set.
  const stripe = createStripeProvider(env);
  if (stripe) providers.stripe = stripe;
  const paypal = createPayPalProvider(env);
  if (paypal) providers.paypal = paypal;
  return providers;
}
