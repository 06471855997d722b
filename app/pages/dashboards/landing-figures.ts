import { formatMoney } from "~/lib/money";
import { productPath, salesPagePath } from "~/domains/catalog/paths";
import { PRODUCT_TYPES } from "~/domains/catalog/content/product-types";
import { CUSTOMERS_PATH, customerPath } from "~/domains/customers/customer-display";
import { ORDERS_PATH, orderPath } from "~/domains/orders/order-display";
import type { DashboardTabsData } from "~/domains/marketing/content/sample-dashboard";
import { formatCount, STATS_WINDOW_DAYS, type DashboardStats } from "~/domains/workspace/dashboard-stats";
import { formatDateTime } from "~/lib/zoned-time";

// The signed-in landing's figures; the loader formats them once, so server render, hydration and live re-reads agree.

/** Product cards on the landing; the rest are in the Product Manager. */
export const LANDING_PRODUCTS = 7;
export const LANDING_TRANSACTIONS = 5;
export const LANDING_CUSTOMERS = 5;

export type LandingProduct = {
  id: string;
  name: string;
  type: string;
  status: string;
  slug: string;
  sales: number;
  revenueCents: number;
};
export type LandingSale = {
  id: string;
  productName: string;
  customerEmail: string;
  /** What it brought, net of refunds, in `currency`. */
  netCents: number;
  refundedCents: number;
  currency: string;
  status: "paid" | "refunded";
  soldAt: string;
};
export type LandingCustomer = { email: string; orders: number; spentCents: number; lastPurchaseAt: string };

/** What the landing reads for a creator with at least one product. */
export type LandingFigures = {
  stats: DashboardStats;
  handle: string | null;
  productCount: number;
  products: LandingProduct[];
  recentSales: LandingSale[];
  customers: LandingCustomer[];
  /** The zone saved in Settings → Time zone (null: the browser's), for creatorTimeZone. */
  savedTimeZone: string | null;
};

/** Orders / unique visitors, as a percentage with one decimal ('—' without visitors). */
export function conversionRate(orders: number, uniqueVisitors: number): string {
  if (uniqueVisitors <= 0) return "—";
  return `${(Math.round((orders / uniqueVisitors) * 1000) / 10).toFixed(1)}%`;
}

const TYPE_LABELS: Record<string, string> = Object.fromEntries(PRODUCT_TYPES.map((type) => [type.value, type.label]));

function viewOf(
  product: LandingProduct,
  handle: string | null,
): NonNullable<DashboardTabsData["products"][number]["view"]> {
  if (product.status === "published" && handle) return { href: salesPagePath(handle, product.slug) };
  if (product.status === "archived") return { unavailable: "Archived: no longer on sale, so it has no public page." };
  return { unavailable: "Draft: publish it to give it a public page." };
}

/** A sale's amount: "+€20.00", "Refunded (€20.00)" or "+€15.00 (€5.00 refunded)". */
export function saleAmount(sale: Pick<LandingSale, "netCents" | "refundedCents" | "currency" | "status">): string {
  if (sale.status === "refunded") return `Refunded (${formatMoney(sale.refundedCents, sale.currency)})`;
  const amount = `+${formatMoney(sale.netCents, sale.currency)}`;
  return sale.refundedCents > 0 ? `${amount} (${formatMoney(sale.refundedCents, sale.currency)} refunded)` : amount;
}

export function landingTabsData(
  figures: LandingFigures,
  { uniqueVisitors, timeZone }: { uniqueVisitors: number; timeZone: string },
): DashboardTabsData {
  const { stats } = figures;
  const currency = stats.currency;
  const recentOrders = stats.orders.recent;
  return {
    products: figures.products.map((product) => ({
      id: product.id,
      name: product.name,
      type: TYPE_LABELS[product.type] ?? product.type,
      sales: product.sales,
      revenue: formatMoney(product.revenueCents, currency),
      edit: productPath(product.id),
      view: viewOf(product, figures.handle),
    })),
    allProducts:
      figures.productCount > figures.products.length
        ? { href: "/tools/products", label: `View all ${formatCount(figures.productCount)} products` }
        : undefined,
    addProductHref: "/tools/products/new",
    sales: {
      totalRevenue: formatMoney(stats.totalSalesCents.total, currency),
      totalSales: formatCount(stats.orders.total),
      conversionRate: conversionRate(recentOrders, uniqueVisitors),
      conversionDetail: `${formatCount(recentOrders)} ${recentOrders === 1 ? "order" : "orders"} from ${formatCount(uniqueVisitors)} unique ${uniqueVisitors === 1 ? "visitor" : "visitors"} in the last ${STATS_WINDOW_DAYS} days`,
      transactions: figures.recentSales.map((sale) => ({
        id: sale.id,
        product: sale.productName,
        buyer: sale.customerEmail,
        amount: saleAmount(sale),
        when: formatDateTime(sale.soldAt, timeZone),
        href: orderPath(sale.id),
        refunded: sale.status === "refunded",
      })),
      allTransactionsHref: ORDERS_PATH,
    },
    customers:
      stats.customers.total > 0
        ? {
            list: figures.customers.map((customer) => ({
              email: customer.email,
              orders: customer.orders,
              spent: formatMoney(customer.spentCents, currency),
              lastPurchase: formatDateTime(customer.lastPurchaseAt, timeZone),
              href: customerPath(customer.email),
            })),
            total: stats.customers.total,
            allHref: CUSTOMERS_PATH,
          }
        : null,
  };
}
