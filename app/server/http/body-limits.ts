import { COVER_MAX_BYTES } from "~/domains/catalog/schemas/product";
import { AVATAR_MAX_BYTES } from "~/domains/workspace/schemas/business-profile";
import { UPLOADS_PATH } from "~/domains/catalog/content/product-files";
import { MAX_PRODUCT_FILE_BYTES } from "~/domains/catalog/content/product-types";
import { STOCK_IMPORT_MAX_BYTES, STORE_MANAGEMENT_PATH } from "~/domains/inventory/inventory-display";

// Per-route body caps and arrival time limits, decided before a byte of the body is read.

/** Forms and JSON calls: a few KB of fields, with generous room. */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;
/** Pages whose forms carry a profile picture. */
export const AVATAR_FORM_BODY_LIMIT_BYTES = AVATAR_MAX_BYTES + FORM_BODY_LIMIT_BYTES;
/** The product form: a cover image plus up to 20,000 characters of encoded Markdown. */
export const PRODUCT_FORM_BODY_LIMIT_BYTES = COVER_MAX_BYTES + 256 * 1024;
/** Store Management: its forms may carry an inventory CSV. */
export const STOCK_IMPORT_BODY_LIMIT_BYTES = STOCK_IMPORT_MAX_BYTES + FORM_BODY_LIMIT_BYTES;
/** No form accepts more; product files go through the tus endpoint, which has its own cap. */
export const GLOBAL_BODY_LIMIT_BYTES = Math.max(
  AVATAR_FORM_BODY_LIMIT_BYTES,
  PRODUCT_FORM_BODY_LIMIT_BYTES,
  STOCK_IMPORT_BODY_LIMIT_BYTES,
);
/** The tus endpoint streams each PATCH to the store: at most a whole file in one request. */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_PRODUCT_FILE_BYTES;
/** As long as the HTTP server's backstop for a whole request allows. */
export const UPLOAD_BODY_TIMEOUT_MS = 60_000;
/** How long a form's body may take to arrive: a slow-body client holds a connection and memory. */
export type BodyTimes = {
  /** Time for any form's whole body. */
  formMs: number;
  /** The slowest rate a large form (a picture, a cover, a CSV) may arrive at, when that takes longer. */
  bytesPerSecond: number;
};
/** Production's body times; the env's FORM_BODY_TIMEOUT_MS and FORM_BODY_MIN_BYTES_PER_SECOND change them. */
export const DEFAULT_BODY_TIMES: BodyTimes = { formMs: 10_000, bytesPerSecond: 64 * 1024 };
/** A form's whole body must arrive in time. */
export const FORM_BODY_TIMEOUT_MS = DEFAULT_BODY_TIMES.formMs;

function bodyTimeout(bytes: number, times: BodyTimes): number {
  return Math.max(times.formMs, Math.ceil(bytes / times.bytesPerSecond) * 1_000);
}
/** The avatar forms' cap at 64 KB/s, at least the form timeout. */
export const AVATAR_FORM_BODY_TIMEOUT_MS = bodyTimeout(AVATAR_FORM_BODY_LIMIT_BYTES, DEFAULT_BODY_TIMES);
/** The product form's cover at the same 64 KB/s. */
export const PRODUCT_FORM_BODY_TIMEOUT_MS = bodyTimeout(PRODUCT_FORM_BODY_LIMIT_BYTES, DEFAULT_BODY_TIMES);
/** The inventory CSV at the same 64 KB/s. */
export const STOCK_IMPORT_BODY_TIMEOUT_MS = bodyTimeout(STOCK_IMPORT_BODY_LIMIT_BYTES, DEFAULT_BODY_TIMES);
/** Payment and billing providers' webhooks: JSON events. */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
/** POST /api/webhooks/:provider and /api/webhooks/billing/stripe: signed by the provider, not sent by a browser. */
export function isWebhookPath(pathname: string): boolean {
  return /^\/api\/webhooks\/(?:billing\/stripe|[^/]+)$/.test(pathname);
}
/** The new-product page and a product's editor. */
const PRODUCT_FORM_PAGE = /^\/tools\/products\/(new|[0-9a-f-]{36})$/i;

/** The body cap and the time allowed for a route, data suffix (`/settings.data`) included. */
export function bodyLimitFor(
  pathname: string,
  times: BodyTimes = DEFAULT_BODY_TIMES,
): { bytes: number; timeoutMs: number } {
  if (isUploadPath(pathname)) return { bytes: UPLOAD_BODY_LIMIT_BYTES, timeoutMs: UPLOAD_BODY_TIMEOUT_MS };
  const page = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  const form = (bytes: number) => ({ bytes, timeoutMs: bodyTimeout(bytes, times) });
  if (page === "/settings" || page === "/auth") return form(AVATAR_FORM_BODY_LIMIT_BYTES);
  if (PRODUCT_FORM_PAGE.test(page)) return form(PRODUCT_FORM_BODY_LIMIT_BYTES);
  if (page === STORE_MANAGEMENT_PATH) return form(STOCK_IMPORT_BODY_LIMIT_BYTES);
  if (isWebhookPath(page)) return { bytes: WEBHOOK_BODY_LIMIT_BYTES, timeoutMs: times.formMs };
  return { bytes: FORM_BODY_LIMIT_BYTES, timeoutMs: times.formMs };
}

/** The tus endpoint and its uploads. */
export function isUploadPath(pathname: string): boolean {
  return pathname === UPLOADS_PATH || pathname.startsWith(`${UPLOADS_PATH}/`);
}
