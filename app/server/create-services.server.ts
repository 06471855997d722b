import type { Database } from "~/db/database.server";
import type { Listen } from "~/db/postgres-listener.server";
import { createAuth } from "~/domains/accounts/server/create-auth.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";
import { createMailer } from "./mail/create-mailer.server";
import { createDatabaseHealth } from "./health/database-health.server";
import { createSecurityEventHub } from "~/domains/security/server/security-event-hub.server";
import type { AppServices } from "./services.server";
import { createServerErrorReporter } from "./error-reporting.server";
import { createProductFileStore } from "~/domains/catalog/server/product-file-store.server";
import { createPaymentProviders } from "~/domains/payments/server/create-payment-providers.server";
import { createBillingProviders } from "~/domains/billing/server/create-billing-providers.server";
import { receiveWebhook } from "~/flows/order-lifecycle/server/receive-webhook.server";
import { createViewCounter } from "~/domains/analytics/server/view-counter.server";
import { createVisitorGate } from "~/domains/analytics/server/visitor-gate.server";
import { createPostClickCounter } from "~/domains/social/server/post-click-counter.server";
import { ORDER_CHANGES_CHANNEL } from "~/domains/orders/server/announce-order-change.server";
import { MAGIC_LINK_MAIL, mailMagicLink } from "~/domains/accounts/server/mail-magic-link.server";
import { mailPasswordResetLink, PASSWORD_RESET_MAIL } from "~/domains/accounts/server/mail-password-reset-link.server";
import { LOST_LINKS_MAIL, mailLostLinks } from "~/domains/delivery/server/mail-lost-links.server";
import type { MailRequest } from "./mail/mailer.server";

/** The mails the outbox worker composes from a request (`Mailer.request`), by kind. */
const MAIL_COMPOSERS: Record<string, (services: AppServices, to: string) => Promise<unknown>> = {
  [PASSWORD_RESET_MAIL]: mailPasswordResetLink,
  [MAGIC_LINK_MAIL]: mailMagicLink,
  [LOST_LINKS_MAIL]: mailLostLinks,
};

async function composeRequestedMail(services: AppServices, { kind, to }: MailRequest): Promise<void> {
  const composer = MAIL_COMPOSERS[kind];
  if (!composer) throw new Error(`no composer for mail requests of kind ${kind}`);
  await composer(services, to);
}

/** Everything loaders and actions use, built once at start-up. */
export function createServices({
  env,
  db,
  listen,
  logger,
}: {
  env: Env;
  db: Database;
  listen: Listen;
  logger: Logger;
}): AppServices {
  // The worker composes requests only after an await, when `services` below exists.
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    db,
    logger,
    listen,
    compose: (request) => composeRequestedMail(services, request),
  });
  const auth = createAuth({ db, env, mailer, logger });
  const services: AppServices = {
    env,
    db,
    logger,
    mailer,
    auth,
    // The same hub carries the order changes the dashboards follow live.
    userEvents: createSecurityEventHub(listen, logger, db, { channels: [ORDER_CHANGES_CHANNEL] }),
    health: createDatabaseHealth(db, logger),
    errorReporter: createServerErrorReporter({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV, logger }),
    productFiles: createProductFileStore({ env, db, logger }),
    payments: {},
    billing: createBillingProviders({ env, db }),
    views: createViewCounter({ db, logger }),
    postClicks: createPostClickCounter({ db, logger }),
    visitors: createVisitorGate(),
  };
  // The test provider reports outcomes as signed webhooks, like real providers.
  services.payments = createPaymentProviders({
    env,
    db,
    logger,
    deliverWebhook: async (providerId, rawBody, headers) => {
      const received = await receiveWebhook(services, providerId, rawBody, headers);
      if (!received.ok) throw new Error(`the app refused the ${providerId} webhook: ${received.code}`);
    },
  });
  return services;
}
