import { describe, expect, it } from "vitest";
import { findTableLeaks, leaksIn, tableOwners } from "../../scripts/table-ownership.mjs";

// Each table belongs to the feature whose tables module declares it (the kernel's: the identity tables and those of
// app/db). Code outside the owner names a feature's table neither in SQL nor by importing its Drizzle table.

// page-query leaks, fixed with typed reads
const PAGE_QUERY_LEAKS = [
  "app/domains/analytics/server/analytics-query.server.ts: sales_methods",
  "app/domains/analytics/server/analytics-query.server.ts: products",
  "app/domains/analytics/server/analytics-query.server.ts: orders",
  "app/domains/catalog/server/product-page-queries.server.ts: sales_methods",
  "app/domains/catalog/server/product-page-queries.server.ts: stock_levels",
  "app/domains/catalog/server/product-page-queries.server.ts: analytics_sales_totals",
  "app/pages/dashboards/server/landing-page-query.server.ts: products",
  "app/pages/dashboards/server/landing-page-query.server.ts: storefronts",
  "app/pages/dashboards/server/landing-page-query.server.ts: analytics_sales_totals",
  "app/pages/dashboards/server/landing-page-query.server.ts: orders",
  "app/pages/dashboards/server/landing-page-query.server.ts: customer_totals",
  "app/flows/event-sales/server/event-stock-query.server.ts: stock_levels",
  "app/flows/event-sales/server/event-stock-query.server.ts: stock_movements",
  "app/flows/event-sales/server/event-stock-query.server.ts: product_variants",
  "app/flows/event-sales/server/event-stock-query.server.ts: products",
  "app/flows/event-sales/server/event-stock-query.server.ts: stock_locations",
  "app/domains/inventory/server/store-management-query.server.ts: product_variants",
  "app/domains/inventory/server/store-management-query.server.ts: products",
  "app/domains/inventory/server/store-management-query.server.ts: sales_methods",
  "app/domains/link-in-bio/server/bio-editor-query.server.ts: storefronts",
  "app/domains/link-in-bio/server/bio-editor-query.server.ts: orders",
  "app/domains/link-in-bio/server/bio-editor-query.server.ts: product_covers",
  "app/domains/link-in-bio/server/bio-editor-query.server.ts: products",
  "app/domains/link-in-bio/server/bio-editor-query.server.ts: customer_subscribers",
  "app/domains/link-in-bio/server/bio-editor-query.server.ts: page_view_counts",
  "app/domains/link-in-bio/server/bio-editor-query.server.ts: sales_methods",
  "app/domains/orders/server/seller-orders-query.server.ts: delivery_events",
  "app/domains/orders/server/seller-orders-query.server.ts: product_files",
  "app/flows/pos/server/pos-page-query.server.ts: events",
  "app/domains/social/server/social-page-query.server.ts: sales_methods",
  "app/domains/social/server/social-page-query.server.ts: storefronts",
  "app/domains/social/server/social-page-query.server.ts: products",
  "app/domains/social/server/social-page-query.server.ts: bio_pages",
  "app/domains/social/server/social-page-query.server.ts: page_view_counts",
  "app/domains/social/server/social-page-query.server.ts: orders",
  "app/domains/social/server/social-page-query.server.ts: analytics_sale_facts",
  "app/domains/workspace/server/dashboard-stats-query.server.ts: sales_methods",
  "app/domains/workspace/server/dashboard-stats-query.server.ts: analytics_sales_totals",
  "app/domains/workspace/server/dashboard-stats-query.server.ts: analytics_sales_buckets",
  "app/domains/workspace/server/dashboard-stats-query.server.ts: customer_totals",
  "app/domains/workspace/server/dashboard-stats-query.server.ts: products",
];

// Leaks outside the page queries still to move behind their owner's verbs or SQL parts.
const OTHER_LEAKS = [
  "app/kernel/session/read-session-user.server.ts: two_factor",
  "app/domains/analytics/server/sync-order-sale.server.ts: orders",
  "app/domains/analytics/server/sync-order-sale.server.ts: order_lines",
  "app/domains/analytics/server/view-counter.server.ts: products",
  "app/domains/analytics/server/view-counter.server.ts: storefronts",
  "app/domains/analytics/server/view-counter.server.ts: sales_methods",
  "app/domains/catalog/server/delete-product.server.ts: order_lines",
  "app/domains/catalog/server/read-sales-page.server.ts: stock_levels",
  "app/domains/catalog/server/read-sales-page.server.ts: stock_locations",
  "app/domains/catalog/server/read-storefront.server.ts: stock_levels",
  "app/domains/catalog/server/read-storefront.server.ts: stock_locations",
  "app/domains/catalog/server/save-product-variants.server.ts: stock_movements",
  "app/domains/catalog/server/save-product-variants.server.ts: order_lines",
  "app/flows/checkout/server/create-checkout.server.ts: order_lines",
  "app/flows/checkout/server/create-checkout.server.ts: orders",
  "app/flows/checkout/server/read-checkout-product.server.ts: product_variants",
  "app/flows/checkout/server/read-checkout-product.server.ts: stock_locations",
  "app/flows/checkout/server/read-checkout-product.server.ts: stock_levels",
  "app/flows/checkout/server/read-checkout-product.server.ts: products",
  "app/flows/checkout/server/read-checkout-product.server.ts: storefronts",
  "app/flows/checkout/server/read-order-outcome.server.ts: orders",
  "app/flows/checkout/server/read-order-outcome.server.ts: products",
  "app/flows/checkout/server/read-order-outcome.server.ts: order_lines",
  "app/flows/checkout/server/read-order-outcome.server.ts: storefronts",
  "app/flows/checkout/server/seller-payment-options.server.ts: payment_accounts",
  "app/domains/link-in-bio/server/follow-bio-block.server.ts: storefronts",
  "app/domains/link-in-bio/server/follow-bio-block.server.ts: products",
  "app/domains/link-in-bio/server/read-bio-page.server.ts: product_covers",
  "app/domains/link-in-bio/server/read-bio-page.server.ts: products",
  "app/domains/link-in-bio/server/read-bio-page.server.ts: storefronts",
  "app/domains/link-in-bio/server/save-bio-block.server.ts: product_covers",
  "app/domains/link-in-bio/server/save-bio-block.server.ts: products",
  "app/flows/pos/server/record-pos-sale.server.ts: orders",
  "app/flows/pos/server/record-pos-sale.server.ts: payment_accounts",
  "app/flows/pos/server/record-pos-sale.server.ts: order_payments",
  "app/flows/pos/server/record-pos-sale.server.ts: events",
  "app/flows/pos/server/record-pos-sale.server.ts: sales_methods",
  "app/flows/pos/server/record-pos-sale.server.ts: products",
  "app/flows/pos/server/record-pos-sale.server.ts: product_variants",
  "app/flows/pos/server/record-pos-sale.server.ts: order_lines",
  "app/domains/sales-methods/server/read-embed-ancestors.server.ts: storefronts",
  "app/domains/sales-methods/server/read-embed-ancestors.server.ts: test_provider_checkouts",
  "app/domains/sales-methods/server/read-embed-ancestors.server.ts: orders",
  "app/domains/social/server/save-post.server.ts: products",
  "app/kernel/store/store-currency-sql.server.ts: sales_methods",
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
    const file = "app/domains/inventory/server/fixture.server.ts";
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
    const file = "app/flows/pos/server/fixture.server.ts";
    const text =
      'import { orderLines, orders } from "~/domains/orders/tables.server";\nexport const t = [orders, orderLines];';
    expect(leaksIn(file, text, ownership).map(describeLeak)).toEqual([
      `${file} names order_lines (owned by orders, via import)`,
      `${file} names orders (owned by orders, via import)`,
    ]);
  });

  it("allows a feature's own tables, the kernel's, qualified columns of a CTE and words outside SQL", () => {
    const file = "app/domains/orders/server/fixture.server.ts";
    const text = `import { sql } from "drizzle-orm";
const note = "select * from stock_levels";
export const q = sql\`
  with products as (select 1 as id) select o.id, products.id from orders o
  join profiles p on p.user_id = o.user_id join "user" u on u.id = o.user_id, products\`;`;
    expect(leaksIn(file, text, ownership)).toEqual([]);
  });
});
