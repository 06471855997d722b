import type { Database } from "~/db/database.server";
import type { Env } from "~/server/env.server";
import type { BillingProvider } from "./billing-provider.server";
import { createTestBillingProvider, type TestBillingProvider } from "./test-billing-provider.server";

/** The billing providers configured on this server, by id: the test provider and Stripe Billing. */
export type BillingProviders = { test?: TestBillingProvider; stripe?: BillingProvider };

type TestModeEnv = Pick<Env, "BILLING_TEST_MODE" | "PAYMENTS_TEST_MODE" | "NODE_ENV">;

/** Whether the billing test provider is on: BILLING_TEST_MODE=on, or `auto` following the payments test mode. */
export function billingTestModeEnabled(env: TestModeEnv): boolean {
  if (env.BILLING_TEST_MODE !== "auto") return env.BILLING_TEST_MODE === "on";
  return env.PAYMENTS_TEST_MODE === "on" || (env.PAYMENTS_TEST_MODE === "auto" && env.NODE_ENV !== "production");
}

/** This server's billing providers, made at start-up. */
export function createBillingProviders({ env, db }: { env: Env; db: Database }): BillingProviders {
  const providers: BillingProviders = {};
  if (billingTestModeEnabled(env)) providers.test = createTestBillingProvider({ db });
  // STRIPE BILLING (one line, when its keys are set): providers.stripe = createStripeBillingProvider(env);
  return providers;
}
