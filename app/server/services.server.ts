import type { Database } from "~/db/database.server";
import type { Auth } from "~/domains/accounts/server/create-auth.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";
import type { DatabaseHealth } from "./health/database-health.server";
import type { Mailer } from "./mail/mailer.server";
import type { ErrorReporter } from "./error-reporting.server";
import type { UserEventHub } from "./events/user-event-hub.server";
import type { ProductFileStore } from "~/domains/catalog/server/product-file-store.server";
import type { PaymentProviders } from "~/domains/payments/server/payment-provider.server";
import type { BillingProviders } from "~/domains/billing/server/create-billing-providers.server";
import type { ViewCounter } from "~/domains/analytics/server/view-counter.server";
import type { VisitorGate } from "~/domains/analytics/server/visitor-gate.server";
import type { PostClickCounter } from "~/domains/social/server/post-click-counter.server";

/** What the Node server creates at start-up for every loader and action. */
export type AppServices = {
  env: Env;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  auth: Auth;
  /** Signed-in users' live events: security events and order changes. */
  userEvents: UserEventHub;
  /** Whether the database answers: 503 while it does not. */
  health: DatabaseHealth;
  /** Unhandled errors to the error-reporting service, if any. */
  errorReporter: ErrorReporter;
  /** Where product files are stored: DATA_DIR or the S3 bucket. */
  productFiles: ProductFileStore;
  /** The payment providers configured on this server, by id. */
  payments: PaymentProviders;
  /** The billing providers of Sellkit's own plans: the test provider and Stripe Billing. */
  billing: BillingProviders;
  /** The store pages' view counts, written in batches. */
  views: ViewCounter;
  /** Social posts' tracking-link clicks, written in batches. */
  postClicks: PostClickCounter;
  /** Which views and clicks count: one rule for pages, bio blocks and tracking links. */
  visitors: VisitorGate;
};

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    /** Nonce of this response's Content-Security-Policy. */
    cspNonce: string;
    /** The client's address, from trusted proxies only. */
    clientIp: string | undefined;
  }
}
