import { describe, expect, it } from "vitest";
import { findTableLeaks, leaksIn, tableOwners } from "../../scripts/table-ownership.mjs";

// Each table belongs to the feature whose tables module declares it (the kernel's: the identity tables and those of
// app/db). Code outside the owner names a feature's table neither in SQL nor by importing its Drizzle table.

// page-query leaks, fixed with typed reads
const PAGE_QUERY_LEAKS = [
  "app/features/accounts/server/run-page-query.server.ts: security_audit",
  "app/features/analytics/server/analytics-query.server.ts: sales_methods",
  "app/features/analytics/server/analytics-query.server.ts: products",
  "app/features/analytics/server/analytics-query.server.ts: orders",
  "app/features/catalog/server/product-page-queries.server.ts: sales_methods",
  "app/features/catalog/server/product-page-queries.server.ts: stock_levels",
  "app/features/catalog/server/product-page-queries.server.ts: analytics_sales_totals",
  "app/features/customers/server/customers-query.server.ts: customer_totals",
  "app/features/customers/server/customers-query.server.ts: orders",
  "app/features/dashboards/server/landing-page-query.server.ts: products",
  "app/features/dashboards/server/landing-page-query.server.ts: storefronts",
  "app/features/dashboards/server/landing-page-query.server.ts: analytics_sales_totals",
  "app/features/dashboards/server/landing-page-query.server.ts: orders",
  "app/features/dashboards/server/landing-page-query.server.ts: customer_totals",
  "app/features/event-sales/server/event-comparison-query.server.ts: location_sales",
  "app/features/event-sales/server/event-report-query.server.ts: orders",
  "app/features/event-sales/server/event-report-query.server.ts: shifts",
  "app/features/event-sales/server/event-report-query.server.ts: order_lines",
  "app/features/event-sales/server/event-report-query.server.ts: order_payments",
  "app/features/event-sales/server/event-stock-query.server.ts: stock_levels",
  "app/features/event-sales/server/event-stock-query.server.ts: stock_movements",
  "app/features/event-sales/server/event-stock-query.server.ts: product_variants",
  "app/features/event-sales/server/event-stock-query.server.ts: products",
  "app/features/event-sales/server/event-stock-query.server.ts: stock_locations",
  "app/features/event-sales/server/events-page-query.server.ts: sales_methods",
  "app/features/event-sales/server/events-page-query.server.ts: orders",
  "app/features/inventory/server/store-management-query.server.ts: product_variants",
  "app/features/inventory/server/store-management-query.server.ts: products",
  "app/features/inventory/server/store-management-query.server.ts: sales_methods",
  "app/features/link-in-bio/server/bio-editor-query.server.ts: storefronts",
  "app/features/link-in-bio/server/bio-editor-query.server.ts: orders",
  "app/features/link-in-bio/server/bio-editor-query.server.ts: product_covers",
  "app/features/link-in-bio/server/bio-editor-query.server.ts: products",
  "app/features/link-in-bio/server/bio-editor-query.server.ts: customer_subscribers",
  "app/features/link-in-bio/server/bio-editor-query.server.ts: page_view_counts",
  "app/features/link-in-bio/server/bio-editor-query.server.ts: sales_methods",
  "app/features/orders/server/seller-orders-query.server.ts: delivery_events",
  "app/features/orders/server/seller-orders-query.server.ts: product_files",
  "app/features/payouts/server/payouts-page-query.server.ts: orders",
  "app/features/payouts/server/payouts-page-query.server.ts: payment_accounts",
  "app/features/pos/server/pos-page-query.server.ts: sales_methods",
  "app/features/pos/server/pos-page-query.server.ts: events",
  "app/features/pos/server/pos-page-query.server.ts: order_lines",
  "app/features/pos/server/pos-page-query.server.ts: orders",
  "app/features/pos/server/pos-page-query.server.ts: stock_locations",
  "app/features/pos/server/pos-page-query.server.ts: product_covers",
  "app/features/pos/server/pos-page-query.server.ts: stock_levels",
  "app/features/pos/server/pos-page-query.server.ts: products",
  "app/features/pos/server/pos-page-query.server.ts: product_variants",
  "app/features/pos/server/pos-payment-query.server.ts: orders",
  "app/features/pos/server/shift-report-query.server.ts: stock_locations",
  "app/features/social/server/social-page-query.server.ts: sales_methods",
  "app/features/social/server/social-page-query.server.ts: storefronts",
  "app/features/social/server/social-page-query.server.ts: products",
  "app/features/social/server/social-page-query.server.ts: bio_pages",
  "app/features/social/server/social-page-query.server.ts: page_view_counts",
  "app/features/social/server/social-page-query.server.ts: orders",
  "app/features/social/server/social-page-query.server.ts: analytics_sale_facts",
  "app/features/workspace/server/dashboard-stats-query.server.ts: sales_methods",
  "app/features/workspace/server/dashboard-stats-query.server.ts: analytics_sales_totals",
  "app/features/workspace/server/dashboard-stats-query.server.ts: analytics_sales_buckets",
  "app/features/workspace/server/dashboard-stats-query.server.ts: customer_totals",
  "app/features/workspace/server/dashboard-stats-query.server.ts: products",
];

// Leaks outside the page queries still to move behind their owner's verbs or SQL parts.
const OTHER_LEAKS = [
  "app/features/accounts/server/get-session-user.server.ts: two_factor",
  "app/features/accounts/server/get-session-user.server.ts: security_audit",
  "app/features/analytics/server/sync-order-sale.server.ts: orders",
  "app/features/analytics/server/sync-order-sale.server.ts: order_lines",
  "app/features/analytics/server/view-counter.server.ts: products",
  "app/features/analytics/server/view-counter.server.ts: storefronts",
  "app/features/analytics/server/view-counter.server.ts: sales_methods",
  "app/features/catalog/server/delete-product.server.ts: order_lines",
  "app/features/catalog/server/get-sales-page.server.ts: stock_levels",
  "app/features/catalog/server/get-sales-page.server.ts: stock_locations",
  "app/features/catalog/server/get-storefront.server.ts: stock_levels",
  "app/features/catalog/server/get-storefront.server.ts: stock_locations",
  "app/features/catalog/server/save-product-variants.server.ts: stock_movements",
  "app/features/catalog/server/save-product-variants.server.ts: order_lines",
  "app/features/catalog/server/store-currency.server.ts: sales_methods",
  "app/features/catalog/server/store-json.server.ts: sales_methods",
  "app/features/catalog/server/store-json.server.ts: avatars",
  "app/features/checkout/server/create-checkout.server.ts: order_lines",
  "app/features/checkout/server/create-checkout.server.ts: orders",
  "app/features/checkout/server/find-checkout-product.server.ts: product_variants",
  "app/features/checkout/server/find-checkout-product.server.ts: stock_locations",
  "app/features/checkout/server/find-checkout-product.server.ts: stock_levels",
  "app/features/checkout/server/find-checkout-product.server.ts: products",
  "app/features/checkout/server/find-checkout-product.server.ts: storefronts",
  "app/features/checkout/server/get-order-outcome.server.ts: orders",
  "app/features/checkout/server/get-order-outcome.server.ts: products",
  "app/features/checkout/server/get-order-outcome.server.ts: order_lines",
  "app/features/checkout/server/get-order-outcome.server.ts: storefronts",
  "app/features/checkout/server/seller-payment-options.server.ts: payment_accounts",
  "app/features/customers/server/export-csv.server.ts: refunds",
  "app/features/customers/server/export-csv.server.ts: orders",
  "app/features/delivery/server/authorize-download.server.ts: orders",
  "app/features/delivery/server/authorize-download.server.ts: product_files",
  "app/features/delivery/server/counter-receipt-status.server.ts: orders",
  "app/features/delivery/server/deliver-order.server.ts: order_lines",
  "app/features/delivery/server/deliver-order.server.ts: orders",
  "app/features/delivery/server/get-purchase.server.ts: order_lines",
  "app/features/delivery/server/get-purchase.server.ts: product_files",
  "app/features/delivery/server/get-purchase.server.ts: fulfilments",
  "app/features/delivery/server/get-purchase.server.ts: orders",
  "app/features/delivery/server/mail-lost-links.server.ts: orders",
  "app/features/discounts/server/delete-discount-code.server.ts: orders",
  "app/features/discounts/server/discount-code-rows.server.ts: products",
  "app/features/discounts/server/list-discount-codes.server.ts: products",
  "app/features/discounts/server/list-discount-codes.server.ts: orders",
  "app/features/event-sales/server/archive-event.server.ts: stock_locations",
  "app/features/event-sales/server/delete-event.server.ts: orders",
  "app/features/event-sales/server/delete-event.server.ts: stock_movements",
  "app/features/event-sales/server/delete-event.server.ts: stock_locations",
  "app/features/event-sales/server/delete-event.server.ts: registers",
  "app/features/event-sales/server/ensure-event-register.server.ts: registers",
  "app/features/event-sales/server/list-public-events.server.ts: storefronts",
  "app/features/event-sales/server/return-event-leftovers.server.ts: stock_levels",
  "app/features/event-sales/server/save-event.server.ts: stock_locations",
  "app/features/event-sales/server/submit-event-form.server.ts: sales_methods",
  "app/features/inventory/server/ensure-store-locations.server.ts: sales_methods",
  "app/features/inventory/server/export-inventory-csv.server.ts: product_variants",
  "app/features/inventory/server/export-inventory-csv.server.ts: products",
  "app/features/inventory/server/find-stock-targets.server.ts: product_variants",
  "app/features/inventory/server/import-stock-csv.server.ts: product_variants",
  "app/features/inventory/server/record-stock-movements.server.ts: product_variants",
  "app/features/inventory/server/reserve-stock.server.ts: product_variants",
  "app/features/inventory/server/review-stock-count.server.ts: product_variants",
  "app/features/inventory/server/review-stock-count.server.ts: products",
  "app/features/inventory/server/send-low-stock-digests.server.ts: product_variants",
  "app/features/inventory/server/send-low-stock-digests.server.ts: products",
  "app/features/inventory/server/set-low-stock-threshold.server.ts: products",
  "app/features/inventory/server/set-low-stock-threshold.server.ts: product_variants",
  "app/features/link-in-bio/server/confirm-bio-signup.server.ts: storefronts",
  "app/features/link-in-bio/server/follow-bio-block.server.ts: storefronts",
  "app/features/link-in-bio/server/follow-bio-block.server.ts: products",
  "app/features/link-in-bio/server/get-bio-page.server.ts: product_covers",
  "app/features/link-in-bio/server/get-bio-page.server.ts: products",
  "app/features/link-in-bio/server/get-bio-page.server.ts: storefronts",
  "app/features/link-in-bio/server/save-bio-block.server.ts: product_covers",
  "app/features/link-in-bio/server/save-bio-block.server.ts: products",
  "app/features/link-in-bio/server/sign-up-on-bio-page.server.ts: storefronts",
  "app/features/order-lifecycle/server/receive-webhook.server.ts: webhook_events",
  "app/features/orders/server/sync-location-sale.server.ts: stock_locations",
  "app/features/payouts/server/book-earnings.server.ts: orders",
  "app/features/payouts/server/earnings-sql.server.ts: orders",
  "app/features/payouts/server/run-test-payouts.server.ts: orders",
  "app/features/pos/server/cancel-pos-payment.server.ts: orders",
  "app/features/pos/server/close-shift.server.ts: orders",
  "app/features/pos/server/close-shift.server.ts: order_payments",
  "app/features/pos/server/close-shift.server.ts: order_lines",
  "app/features/pos/server/close-shift.server.ts: refunds",
  "app/features/pos/server/create-register.server.ts: stock_locations",
  "app/features/pos/server/ensure-first-register.server.ts: stock_locations",
  "app/features/pos/server/find-returnable-sales.server.ts: order_lines",
  "app/features/pos/server/find-returnable-sales.server.ts: orders",
  "app/features/pos/server/pos-card-reader.server.ts: orders",
  "app/features/pos/server/present-pos-card.server.ts: orders",
  "app/features/pos/server/present-pos-card.server.ts: order_payments",
  "app/features/pos/server/record-pos-sale.server.ts: orders",
  "app/features/pos/server/record-pos-sale.server.ts: payment_accounts",
  "app/features/pos/server/record-pos-sale.server.ts: order_payments",
  "app/features/pos/server/record-pos-sale.server.ts: events",
  "app/features/pos/server/record-pos-sale.server.ts: sales_methods",
  "app/features/pos/server/record-pos-sale.server.ts: products",
  "app/features/pos/server/record-pos-sale.server.ts: product_variants",
  "app/features/pos/server/record-pos-sale.server.ts: order_lines",
  "app/features/sales-methods/server/find-embed-ancestors.server.ts: storefronts",
  "app/features/sales-methods/server/find-embed-ancestors.server.ts: test_provider_checkouts",
  "app/features/sales-methods/server/find-embed-ancestors.server.ts: orders",
  "app/features/settings/server/delete-account.server.ts: contact_messages",
  "app/features/settings/server/delete-account.server.ts: security_audit",
  "app/features/social/server/duplicate-post.server.ts: sales_methods",
  "app/features/social/server/resolve-tracking-link.server.ts: products",
  "app/features/social/server/resolve-tracking-link.server.ts: bio_pages",
  "app/features/social/server/resolve-tracking-link.server.ts: storefronts",
  "app/features/social/server/save-post.server.ts: sales_methods",
  "app/features/social/server/save-post.server.ts: products",
  "app/features/workspace/server/store-currency-sql.server.ts: sales_methods",
  "app/routes/api/avatars.$id.ts: avatars",
];

const ownership = tableOwners(".");
// One scan of app/ for both checks: it parses every module with SQL (seconds on a loaded machine).
let found: Set<string> | undefined;
let leaks: ReturnType<typeof findTableLeaks> = [];
function scanTree() {
  if (!found) {
    leaks = findTableLeaks(".");
    found = new Set(leaks.map((leak) => `${leak.file}: ${leak.table}`));
  }
  return { leaks, found };
}
const describeLeak = (leak: { file: string; table: string; owner: string; via: string }) =>
  `${leak.file} names ${leak.table} (owned by ${leak.owner}, via ${leak.via})`;

describe("table ownership", () => {
  it("lets no module name another feature's table", { timeout: 60_000 }, () => {
    const allowed = new Set([...PAGE_QUERY_LEAKS, ...OTHER_LEAKS]);
    const unlisted = scanTree().leaks.filter((leak) => !allowed.has(`${leak.file}: ${leak.table}`));
    expect(unlisted.map(describeLeak)).toEqual([]);
  });

  it("lists only leaks that still exist", { timeout: 60_000 }, () => {
    const { found } = scanTree();
    expect([...PAGE_QUERY_LEAKS, ...OTHER_LEAKS].filter((entry) => !found.has(entry))).toEqual([]);
  });

  it("knows the owners of the tables", () => {
    expect(ownership.tables.get("orders")?.owner).toBe("orders");
    expect(ownership.tables.get("stock_levels")?.owner).toBe("inventory");
    expect(ownership.tables.get("user")?.owner).toBe("kernel");
    expect(ownership.tables.get("mail_outbox")?.owner).toBe("kernel");
  });

  it("refuses SQL that joins another feature's table, naming file, table and owner", () => {
    const file = "app/features/inventory/server/fixture.server.ts";
    const text = `import { sql } from "drizzle-orm";
export const q = (id: string) => sql\`
  select l.id from stock_levels l join orders o on o.id = \${id}::uuid
  where exists (select 1 from order_lines ol where ol.order_id = o.id)\`;`;
    expect(leaksIn(file, text, ownership).map(describeLeak)).toEqual([
      `${file} names orders (owned by orders, via sql)`,
      `${file} names order_lines (owned by orders, via sql)`,
    ]);
  });

  it("refuses importing another feature's Drizzle tables", () => {
    const file = "app/features/pos/server/fixture.server.ts";
    const text =
      'import { orderLines, orders } from "~/features/orders/schema.server";\nexport const t = [orders, orderLines];';
    expect(leaksIn(file, text, ownership).map(describeLeak)).toEqual([
      `${file} names order_lines (owned by orders, via import)`,
      `${file} names orders (owned by orders, via import)`,
    ]);
  });

  it("allows a feature's own tables, the kernel's, qualified columns of a CTE and words outside SQL", () => {
    const file = "app/features/orders/server/fixture.server.ts";
    const text = `import { sql } from "drizzle-orm";
const note = "select * from stock_levels";
export const q = sql\`
  with products as (select 1 as id) select o.id, products.id from orders o
  join profiles p on p.user_id = o.user_id join "user" u on u.id = o.user_id, products\`;`;
    expect(leaksIn(file, text, ownership)).toEqual([]);
  });
});
