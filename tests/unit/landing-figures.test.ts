import { describe, expect, it } from "vitest";
import { conversionRate, type LandingFigures, landingTabsData, saleAmount } from "~/pages/dashboards/landing-figures";

// How the signed-in landing shows a creator's own figures.

const figure = (total: number, recent = total, previous = 0) => ({ total, recent, previous });

const figures: LandingFigures = {
  stats: {
    currency: "EUR",
    totalSalesCents: figure(4000),
    orders: figure(5, 4, 1),
    products: figure(3),
    customers: figure(4),
  },
  handle: "ada-atelier",
  savedTimeZone: null,
  productCount: 9,
  products: [
    {
      id: "p1",
      name: "Field Guide",
      type: "ebook",
      status: "published",
      slug: "field-guide",
      sales: 3,
      revenueCents: 2000,
    },
    { id: "p2", name: "Notes", type: "template", status: "draft", slug: "notes", sales: 0, revenueCents: 0 },
    {
      id: "p3",
      name: "Old Course",
      type: "course",
      status: "archived",
      slug: "old-course",
      sales: 1,
      revenueCents: 500,
    },
  ],
  recentSales: [
    {
      id: "o1",
      productName: "Field Guide",
      customerEmail: "ann@example.com",
      netCents: 2000,
      refundedCents: 0,
      currency: "EUR",
      status: "paid",
      soldAt: "2026-11-23T09:30:00Z",
    },
  ],
  customers: [{ email: "ann@example.com", orders: 2, spentCents: 3000, lastPurchaseAt: "2026-11-23T09:30:00Z" }],
};

describe("conversion rate", () => {
  it("is orders over unique visitors, one decimal, and a dash without visitors", () => {
    expect(conversionRate(4, 8)).toBe("50.0%");
    expect(conversionRate(1, 3)).toBe("33.3%");
    expect(conversionRate(2, 3)).toBe("66.7%");
    expect(conversionRate(0, 120)).toBe("0.0%");
    expect(conversionRate(3, 0)).toBe("—");
  });
});

describe("a sale's amount", () => {
  it("reads like the spec's '+€20.00', and shows refunds as refunds", () => {
    expect(saleAmount({ netCents: 2000, refundedCents: 0, currency: "EUR", status: "paid" })).toBe("+€20.00");
    expect(saleAmount({ netCents: 1000, refundedCents: 250, currency: "USD", status: "paid" })).toBe(
      "+$10.00 ($2.50 refunded)",
    );
    expect(saleAmount({ netCents: 0, refundedCents: 700, currency: "GBP", status: "refunded" })).toBe(
      "Refunded (£7.00)",
    );
  });
});

describe("the landing's tabs", () => {
  const tabs = landingTabsData(figures, { uniqueVisitors: 8, timeZone: "Europe/Prague" });

  it("shows the dashboard's figures in the store currency and the conversion of the last 30 days", () => {
    expect(tabs.sales.totalRevenue).toBe("€40.00");
    expect(tabs.sales.totalSales).toBe("5");
    expect(tabs.sales.conversionRate).toBe("50.0%");
    expect(tabs.sales.conversionDetail).toBe("4 orders from 8 unique visitors in the last 30 days");
    expect(tabs.sales.allTransactionsHref).toBe("/orders");
    expect(tabs.sales.transactions).toEqual([
      {
        id: "o1",
        product: "Field Guide",
        buyer: "ann@example.com",
        amount: "+€20.00",
        when: "Nov 23, 2026, 10:30 AM",
        href: "/orders/o1",
        refunded: false,
      },
    ]);
  });

  it("gives each product Edit and, when published, its sales page; a draft or an archived product says why it has none", () => {
    expect(tabs.products.map((product) => [product.type, product.revenue, product.edit, product.view])).toEqual([
      ["E-book", "€20.00", "/tools/products/p1", { href: "/s/ada-atelier/field-guide" }],
      ["Template", "€0.00", "/tools/products/p2", { unavailable: "Draft: publish it to give it a public page." }],
      [
        "Course",
        "€5.00",
        "/tools/products/p3",
        { unavailable: "Archived: no longer on sale, so it has no public page." },
      ],
    ]);
    expect(tabs.allProducts).toEqual({ href: "/tools/products", label: "View all 9 products" });
    expect(tabs.addProductHref).toBe("/tools/products/new");
  });

  it("lists customers linking to their page, and none (the spec's empty text) before the first sale", () => {
    expect(tabs.customers).toEqual({
      list: [
        {
          email: "ann@example.com",
          orders: 2,
          spent: "€30.00",
          lastPurchase: "Nov 23, 2026, 10:30 AM",
          href: "/customers/ann%40example.com",
        },
      ],
      total: 4,
      allHref: "/customers",
    });
    const beforeSales = landingTabsData(
      { ...figures, stats: { ...figures.stats, customers: figure(0) }, customers: [] },
      { uniqueVisitors: 0, timeZone: "UTC" },
    );
    expect(beforeSales.customers).toBeNull();
  });
});
