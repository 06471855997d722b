import { ACCOUNTS_ERRORS } from "~/domains/accounts/errors";
import { ANALYTICS_ERRORS } from "~/domains/analytics/errors";
import { BILLING_ERRORS } from "~/domains/billing/errors";
import { CATALOG_ERRORS } from "~/domains/catalog/errors";
import { CHECKOUT_ERRORS } from "~/flows/checkout/errors";
import { CUSTOMERS_ERRORS } from "~/domains/customers/errors";
import { DELIVERY_ERRORS } from "~/domains/delivery/errors";
import { DISCOUNTS_ERRORS } from "~/domains/discounts/errors";
import { EVENT_SALES_ERRORS } from "~/flows/event-sales/errors";
import { INVENTORY_ERRORS } from "~/domains/inventory/errors";
import { LINK_IN_BIO_ERRORS } from "~/domains/link-in-bio/errors";
import { MARKETING_ERRORS } from "~/domains/marketing/errors";
import { ORDERS_ERRORS } from "~/domains/orders/errors";
import { PAYMENTS_ERRORS } from "~/domains/payments/errors";
import { PAYOUTS_ERRORS } from "~/domains/payouts/errors";
import { POS_ERRORS } from "~/flows/pos/errors";
import { SECURITY_ERRORS } from "~/domains/security/errors";
import { SETTINGS_ERRORS } from "~/pages/settings/errors";
import { SHIPPING_ERRORS } from "~/domains/shipping/errors";
import { SOCIAL_ERRORS } from "~/domains/social/errors";
import { COMMON_ERRORS, type ErrorSpec } from "./common";

type Catalogue = Record<string, ErrorSpec>;
type KeysOf<T> = T extends unknown ? keyof T : never;
type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (all: infer I) => void ? I : never;

/** The codes that more than one of `domains` declares. */
export type DuplicateCodes<D extends Record<string, Catalogue>> = {
  [K in keyof D]: keyof D[K] & KeysOf<D[Exclude<keyof D, K>]>;
}[keyof D];

/** One catalogue of all `domains`; a code declared by two of them is a type error that names it. */
export function mergeErrorDomains<const D extends Record<string, Catalogue>>(
  domains: D & ([DuplicateCodes<D>] extends [never] ? unknown : { duplicateCodes: DuplicateCodes<D> }),
): Intersection<D[keyof D]> {
  return Object.assign({}, ...Object.values(domains));
}

/** Each domain's own codes: shared ones, then one catalogue per feature, declared beside it. */
export const ERROR_DOMAINS = {
  common: COMMON_ERRORS,
  accounts: ACCOUNTS_ERRORS,
  security: SECURITY_ERRORS,
  settings: SETTINGS_ERRORS,
  catalog: CATALOG_ERRORS,
  checkout: CHECKOUT_ERRORS,
  orders: ORDERS_ERRORS,
  inventory: INVENTORY_ERRORS,
  pos: POS_ERRORS,
  "event-sales": EVENT_SALES_ERRORS,
  social: SOCIAL_ERRORS,
  shipping: SHIPPING_ERRORS,
  discounts: DISCOUNTS_ERRORS,
  payments: PAYMENTS_ERRORS,
  customers: CUSTOMERS_ERRORS,
  delivery: DELIVERY_ERRORS,
  payouts: PAYOUTS_ERRORS,
  analytics: ANALYTICS_ERRORS,
  "link-in-bio": LINK_IN_BIO_ERRORS,
  marketing: MARKETING_ERRORS,
  billing: BILLING_ERRORS,
};

/** Every code's status, form field and message, merged from the domains' catalogues. */
export const ERRORS = mergeErrorDomains(ERROR_DOMAINS);

export type ErrorCode = keyof typeof ERRORS;

/** A failed verb's answer: its code and message. */
export type Failure<C extends ErrorCode = ErrorCode> = { ok: false; code: C; message: string };

/** The failure of `code`, with the catalogue's message unless another is given. */
export function fail<C extends ErrorCode>(code: C, message?: string): Failure<C> {
  return { ok: false, code, message: message ?? ERRORS[code].message };
}

/** The HTTP status of a code. */
export function statusOf(code: ErrorCode): number {
  return ERRORS[code].status;
}

/** The field a failure belongs to, or null for the form as a whole. */
export function fieldOf(code: ErrorCode): string | null {
  const { field } = ERRORS[code];
  return field === "form" ? null : field;
}

/** Conform's error shape for a failure; `fields` renames catalogue fields. */
export function formErrorsOf(
  failure: Failure,
  fields: Record<string, string> = {},
): { formErrors?: string[]; fieldErrors?: Record<string, string[]> } {
  const field = fieldOf(failure.code);
  return field ? { fieldErrors: { [fields[field] ?? field]: [failure.message] } } : { formErrors: [failure.message] };
}

/** Whether a value is one of the catalogue's codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERRORS, value);
}

/** What a thrown error response carries. */
export type ErrorBody = { code: ErrorCode; message: string };

/** Whether a thrown route error's data is a coded error. */
export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    isErrorCode((value as { code?: unknown }).code) &&
    typeof (value as { message?: unknown }).message === "string"
  );
}
