import { migrateDatabase, openDatabase } from "~/db/open-database.server";
import { DEFAULT_GOOGLE_DISCOVERY_URL } from "~/domains/accounts/server/create-auth.server";
import { isBot, viewedPage, viewedPageKey, viewSource } from "~/domains/analytics/content/view-rules";
import {
  FILE_TOO_LARGE_MESSAGE,
  UPLOAD_SWEEP_INTERVAL_MS,
  UPLOADS_PATH,
} from "~/domains/catalog/content/product-files";
import { createUploadHandler } from "~/domains/catalog/server/upload-handler.server";
import { matchDownloadPath } from "~/domains/delivery/content/delivery-rules";
import { createDownloadHandler } from "~/domains/delivery/server/download-handler.server";
import { createExportHandler, matchExportPath } from "~/domains/customers/server/export-handler.server";
import { isOneClickUnsubscribePath } from "~/domains/customers/unsubscribe-link";
import { startLowStockDigests } from "~/domains/inventory/server/send-low-stock-digests.server";
import { startReconciler } from "~/flows/order-lifecycle/server/reconcile-pending-orders.server";
import { embedQueryOf } from "~/domains/sales-methods/embed/allowed-origins";
import { readEmbedAncestors } from "~/domains/sales-methods/server/read-embed-ancestors.server";
import { paymentPageOrigins } from "~/domains/payments/server/payment-page-origins.server";
import { startTestPayouts } from "~/domains/payouts/server/run-test-payouts.server";
import { startDueBilling } from "~/domains/billing/server/run-due-billing.server";
import { startPostReminders } from "~/domains/social/server/send-post-reminders.server";
import { createTrackingLinkHandler } from "~/domains/social/server/tracking-link-handler.server";
import { trackingCodeOf } from "~/domains/social/tracking-link";
import { recordSecurityFixes } from "~/domains/security/server/record-security-fixes.server";
import { ERROR_REPORTING_META } from "~/lib/error-reporting/browser-error-reporting";
import { createServices } from "./create-services.server";
import { EnvError, parseEnv, servedOverHttps } from "./env.server";
import { reportedRequest } from "./error-reporting.server";
import { bodyLimitFor, GLOBAL_BODY_LIMIT_BYTES, isUploadPath, isWebhookPath } from "./http/body-limits";
import { CLIENT_IP_HEADER, PERSONALISED_COOKIE_PATTERN } from "./http/session-cookie.server";
import { createLogger } from "./logger.server";

/** The app modules the Node server uses, taken from the server build so they are the routes' own copy. */
export const runtime = {
  parseEnv,
  EnvError,
  createLogger,
  openDatabase,
  migrateDatabase,
  recordSecurityFixes,
  createServices,
  startReconciler,
  startTestPayouts,
  startDueBilling,
  startLowStockDigests,
  startPostReminders,
  createTrackingLinkHandler,
  trackingCodeOf,
  UPLOAD_SWEEP_INTERVAL_MS,
  createUploadHandler,
  createDownloadHandler,
  createExportHandler,
  matchDownloadPath,
  matchExportPath,
  paymentPageOrigins,
  embedQueryOf,
  readEmbedAncestors,
  servedOverHttps,
  reportedRequest,
  isBot,
  viewedPage,
  viewedPageKey,
  viewSource,
  bodyLimitFor,
  isUploadPath,
  isWebhookPath,
  isOneClickUnsubscribePath,
  GLOBAL_BODY_LIMIT_BYTES,
  FILE_TOO_LARGE_MESSAGE,
  UPLOADS_PATH,
  ERROR_REPORTING_META,
  DEFAULT_GOOGLE_DISCOVERY_URL,
  CLIENT_IP_HEADER,
  PERSONALISED_COOKIE_PATTERN,
};

/** The app's runtime as the server receives it (`build.entry.module.runtime`). */
export type Runtime = typeof runtime;
