import type { AfterResponse } from "./tasks/after-response.server";
import type { Database } from "~/db/database.server";
import type { Auth } from "~/features/accounts/server/create-auth.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";
import type { DatabaseHealth } from "./health/database-health.server";
import type { Mailer } from "./mail/mailer.server";
import type { ErrorReporter } from "./error-reporting.server";
import type { SecurityEventHub } from "~/features/security/server/security-event-hub.server";
import type { ProductFileStore } from "~/features/catalog/server/product-file-store.server";
import type { PaymentProviders } from "~/features/payments/server/payment-provider.server";
import type { ViewCounter } from "~/features/analytics/server/view-counter.server";

/** What the Node server creates once at start-up and hands to every loader and action. */
export type AppServices = {
  env: Env;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  auth: Auth;
  /**
   * Signed-in users' live events: new security events as they are written (the live events panel) and their
   * orders' changes (the dashboards' live figures, issue 16.6).
   */
  securityEvents: SecurityEventHub;
  /** Work run after the answer (account-dependent mail, so timing tells nothing); drained on shutdown. */
  afterResponse: AfterResponse;
  /** Whether the database answers (503 while it does not; /readyz). */
  health: DatabaseHealth;
  /** Unhandled errors to the error-reporting service (SENTRY_DSN); does nothing without one. */
  errorReporter: ErrorReporter;
  /** Where product files are stored (DATA_DIR/uploads or the S3 bucket), for the tus endpoint and the file verbs. */
  productFiles: ProductFileStore;
  /** The payment providers configured on this server (the test provider, Stripe, PayPal), by id. */
  payments: PaymentProviders;
  /** The store pages' view counts, buffered and written in batches (issue 16.1); closed on shutdown. */
  views: ViewCounter;
};

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    /** Nonce of this response's Content-Security-Policy. */
    cspNonce: string;
    /** The client's address, taken from X-Forwarded-For only when the hop is a trusted proxy. */
    clientIp: string | undefined;
  }
}
