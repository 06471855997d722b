import type { OrderListItem } from "~/features/orders/order-display";
import { MAX_EMAIL_LENGTH } from "~/lib/form-fields";
import { searchText } from "~/lib/text-formats";

// How the seller's customers pages show a buyer (issue 16.4). Browser-safe.
//
// A customer is one buyer email (letter case ignored) with at least one sale of the seller. What counts as a sale
// is the same on every page (issue 16): an order with a paid_at whose status is paid or refunded, from that
// paid_at; it adds its amount minus what was refunded of it (a fully refunded order is still one order, adding
// 0). Disputed orders are not sales (their money is held by the provider); pending and expired ones never are.

export const CUSTOMERS_PATH = "/customers";
export const CUSTOMERS_EXPORT_PATH = "/customers/export.csv";
export const ORDERS_EXPORT_PATH = "/orders/export.csv";
export const customerPath = (email: string) => `${CUSTOMERS_PATH}/${encodeURIComponent(email.toLowerCase())}`;

/** Customers per page of the list. */
export const CUSTOMERS_PAGE_SIZE = 25;

export const CUSTOMER_SORTS = [
  { value: "last", label: "Last purchase" },
  { value: "spent", label: "Total spent" },
  { value: "orders", label: "Orders" },
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number]["value"];

export function isCustomerSort(value: unknown): value is CustomerSort {
  return typeof value === "string" && CUSTOMER_SORTS.some((sort) => sort.value === value);
}

/** What a customer spent, per currency (minor units, net of refunds), largest first. */
export type SpentByCurrency = { currency: string; cents: number }[];

/** A row of the seller's customers list. */
export type CustomerListItem = {
  /** The buyer's email, lower-cased (one customer whatever the case they typed). */
  email: string;
  firstPurchaseAt: string;
  lastPurchaseAt: string;
  orders: number;
  spent: SpentByCurrency;
  /** The sort key of "Total spent": net minor units over every currency (most stores sell in one). */
  spentCents: number;
};

/** One customer with their orders (newest first, a page at a time). */
export type CustomerDetail = CustomerListItem & { orderList: OrderListItem[]; more: boolean };

/** The search box: an email or part of one (lower-case), at most 254 characters. */
export function customerSearch(value: string | null): string | null {
  return searchText(value, MAX_EMAIL_LENGTH).toLowerCase() || null;
}
