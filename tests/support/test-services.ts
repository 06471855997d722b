import pino from "pino";
import type { Database } from "~/db/database.server";
import type { BillingProviders } from "~/domains/billing/server/create-billing-providers.server";
import { createTestBillingProvider } from "~/domains/billing/server/test-billing-provider.server";
import type { PaymentProviders } from "~/domains/payments/server/payment-provider.server";
import type { CardReader } from "~/flows/pos/server/card-reader.server";
import type { Logger } from "~/server/logger.server";
import { createMailer } from "~/server/mail/create-mailer.server";
import type { Mailer } from "~/server/mail/mailer.server";
import type { TestServer } from "./test-server";

/** What the verbs a test calls directly take: the order, refund, fulfilment and counter verbs' services in one. */
export type TestServices = {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  payments: PaymentProviders;
  /** The billing providers; the built-in test provider unless overridden. */
  billing: BillingProviders;
  env: { APP_URL: string };
  appUrl: string;
  authSecret: string;
  reader?: CardReader | null;
};

/** The parts a test may choose; `appUrl` also sets `env.APP_URL`. */
export type TestServiceOverrides = Partial<Omit<TestServices, "db" | "env">>;

/**
 * Services on a test database (silent logger, outbox mailer, no payment providers, the billing test provider), or
 * on a test server's database with its own mailer, logger and providers; `overrides` replace any part.
 */
export function makeTestServices(source: Database | TestServer, overrides: TestServiceOverrides = {}): TestServices {
  const server = "sourceServices" in source ? source : null;
  const db = server ? server.db : (source as Database);
  const own = server?.sourceServices();
  const logger = overrides.logger ?? own?.logger ?? pino({ level: "silent" });
  const appUrl = overrides.appUrl ?? server?.origin ?? "http://localhost";
  return {
    db,
    logger,
    mailer: overrides.mailer ?? own?.mailer ?? createMailer({ db, logger, from: "Sellkit <no-reply@example.com>" }),
    payments: overrides.payments ?? own?.payments ?? {},
    billing: overrides.billing ?? own?.billing ?? { test: createTestBillingProvider({ db }) },
    env: { APP_URL: appUrl },
    appUrl,
    authSecret: overrides.authSecret ?? own?.env.AUTH_SECRET ?? "x".repeat(32),
    reader: overrides.reader,
  };
}
