import type { OrderListItem } from "~/domains/orders/order-display";
import { MAX_EMAIL_LENGTH } from "~/lib/form-fields";
import { searchText } from "~/lib/text-formats";

// How the customers pages show a buyer; browser-safe. A customer is a buyer email with a paid or refunded sale.

/** The customers, subscribers and export addresses; a customer's page is keyed by their lower-cased email. */
export const CUSTOMERS_PATH = "/customers";
export const CUSTOMERS_EXPORT_PATH = "/customers/export.csv";
export const ORDERS_EXPORT_PATH = "/orders/export.csv";
export const SUBSCRIBERS_EXPORT_PATH = "/customers/subscribers.csv";
export const customerPath = (email: string) => `${CUSTOMERS_PATH}/${encodeURIComponent(email.toLowerCase())}`;

/** Customers per page of the list. */
export const CUSTOMERS_PAGE_SIZE = 25;

/** The customers list's sorts, as the sort menu offers them. */
export const CUSTOMER_SORTS = [
  { value: "last", label: "Last purchase" },
  { value: "spent", label: "Total spent" },
  { value: "orders", label: "Orders" },
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number]["value"];

/** Whether a search parameter names one of the customers list's sorts. */
export function isCustomerSort(value: unknown): value is CustomerSort {
  return typeof value === "string" && CUSTOMER_SORTS.some((sort) => sort.value === value);
}

/** What a customer spent, per currency (minor units, net of refunds), largest first. */
export type SpentByCurrency = { currency: string; cents: number }[];

/** A row of the seller's customers list. */
export type CustomerListItem = {
  /** The buyer's email, lower-cased: one customer whatever the case typed. */
  email: string;
  firstPurchaseAt: string;
  lastPurchaseAt: string;
  orders: number;
  spent: SpentByCurrency;
  /** The sort key of "Total spent": net minor units summed over currencies. */
  spentCents: number;
};

/** One customer with their orders (newest first, a page at a time) and their sign-up, if they gave one. */
export type CustomerDetail = CustomerListItem & {
  orderList: OrderListItem[];
  more: boolean;
  subscription: Pick<SubscriberListItem, "source" | "consentedAt" | "unsubscribedAt"> | null;
};

/** The search box: an email or part of one (lower-case), at most 254 characters. */
export function customerSearch(value: string | null): string | null {
  return searchText(value, MAX_EMAIL_LENGTH).toLowerCase() || null;
}

/** The customers page's views: buyers, or people who signed up for news. */
export const CUSTOMER_VIEWS = [
  { value: "customers", label: "Customers" },
  { value: "subscribers", label: "Subscribers" },
] as const;
export type CustomerView = (typeof CUSTOMER_VIEWS)[number]["value"];

/** The subscribers view's address. */
export const SUBSCRIBERS_PATH = `${CUSTOMERS_PATH}?view=subscribers`;

/** A row of the seller's subscribers list; `unsubscribedAt` is set once they left. */
export type SubscriberListItem = {
  id: string;
  email: string;
  source: string;
  consentText: string;
  consentedAt: string;
  unsubscribedAt: string | null;
};

/** Where a subscriber signed up, in words ("Link in bio"); an unknown source shows as stored. */
export function subscriberSourceLabel(source: string): string {
  return source === "bio" ? "Link in bio" : source;
}
