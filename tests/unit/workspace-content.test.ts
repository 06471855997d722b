import { describe, expect, it } from "vitest";
import { initialsOf } from "~/domains/workspace/components/avatar";
import { BUSINESS_TYPES } from "~/domains/workspace/content/business";
import { quickActionsFor } from "~/domains/workspace/content/quick-actions";
import { SALES_METHODS } from "~/domains/sales-methods/content/sales-methods";
import { TOOLS, toolPath, toolsFor } from "~/domains/workspace/content/tools";
import { currentNavPath, WORKSPACE_NAV, workspaceNavFor } from "~/domains/workspace/content/workspace-nav";
import { percentChange } from "~/domains/workspace/dashboard-stats";
import { formatMoneyShort } from "~/lib/money";

describe("tools per business type", () => {
  const table: Record<string, [string, string][]> = {
    online_store: [
      ["E-shop Builder", "/tools/estore-builder"],
      ["Product Manager", "/tools/products"],
    ],
    retail_store: [
      ["Store Management", "/tools/retail-dashboard"],
      ["POS System", "/tools/pos"],
    ],
    events: [
      ["Event Sales Manager", "/tools/events"],
      ["Mobile POS", "/tools/mobile-pos"],
    ],
    existing_website: [
      ["Buy Button Generator", "/tools/buy-button"],
      ["Website Integration", "/tools/integration"],
    ],
    social_media: [
      ["Social Media Manager", "/tools/social"],
      ["Link in Bio Tool", "/tools/bio-link"],
    ],
  };

  it.each(Object.entries(table))("%s gives exactly its two tools", (type, expected) => {
    expect(toolsFor([type]).map((tool) => [tool.name, toolPath(tool)])).toEqual(expected);
  });

  it("several types give the union in the table's order; none gives none", () => {
    expect(toolsFor(["social_media", "online_store"]).map((tool) => tool.slug)).toEqual([
      "estore-builder",
      "products",
      "social",
      "bio-link",
    ]);
    expect(toolsFor(BUSINESS_TYPES.map((type) => type.value))).toHaveLength(TOOLS.length);
    expect(toolsFor([])).toEqual([]);
    expect(toolsFor(["unknown"])).toEqual([]);
  });

  it("every business type has a sales method form", () => {
    expect(SALES_METHODS.map((method) => method.key).sort()).toEqual(BUSINESS_TYPES.map((type) => type.value).sort());
  });
});

describe("quick actions", () => {
  it("shows the type's action plus Analytics and Products", () => {
    expect(quickActionsFor(["online_store"]).map((a) => a.title)).toEqual([
      "Set up your online store",
      "Analytics",
      "Products",
    ]);
    expect(quickActionsFor(["social_media"]).map((a) => a.title)).toEqual([
      "Connect social accounts",
      "Analytics",
      "Products",
    ]);
    expect(quickActionsFor(["retail_store"]).map((a) => a.title)).toEqual([
      "Manage inventory",
      "Analytics",
      "Products",
    ]);
    expect(quickActionsFor(["events", "existing_website"]).map((a) => a.title)).toEqual(["Analytics", "Products"]);
    expect(quickActionsFor([]).map((a) => a.title)).toEqual(["Analytics", "Products"]);
  });
});

describe("stat cards", () => {
  it("formats the change of the last window against the one before", () => {
    expect(percentChange({ recent: 0, previous: 0 })).toBe("+0%");
    expect(percentChange({ recent: 3, previous: 0 })).toBe("+100%");
    expect(percentChange({ recent: 15, previous: 10 })).toBe("+50%");
    expect(percentChange({ recent: 5, previous: 10 })).toBe("-50%");
    expect(percentChange({ recent: 10, previous: 10 })).toBe("+0%");
  });

  it("shows money without cents when whole ('Total Sales $0')", () => {
    expect(formatMoneyShort(0, "USD")).toBe("$0");
    expect(formatMoneyShort(1550, "USD")).toBe("$15.50");
    expect(formatMoneyShort(120000, "EUR")).toBe("€1,200");
  });
});

describe("avatar initials", () => {
  it("uses the initials, 'U' without names", () => {
    expect(initialsOf("Ada", "Lovelace")).toBe("AL");
    expect(initialsOf("ada", null)).toBe("A");
    expect(initialsOf(null, null)).toBe("U");
    expect(initialsOf(" ", "")).toBe("U");
  });
});

describe("workspace navigation", () => {
  const labels = (items: { label: string }[]) => items.map((item) => item.label);

  it("lists the fixed pages, then the tools of the creator's business types, then Settings, Billing and Security", () => {
    const nav = workspaceNavFor(["events", "online_store"]);
    expect(labels(nav.main)).toEqual([
      "Dashboard",
      "Products",
      "Orders",
      "Customers",
      "Analytics",
      "Payouts",
      "Discounts",
      "Shipping",
      "Payments",
    ]);
    // The Product Manager is the Products entry already: not listed twice.
    expect(nav.tools.map((tool) => [tool.label, tool.to])).toEqual([
      ["E-shop Builder", "/tools/estore-builder"],
      ["Event Sales Manager", "/tools/events"],
      ["Mobile POS", "/tools/mobile-pos"],
    ]);
    expect(labels(nav.account)).toEqual(["Settings", "Billing", "Security"]);
    expect(workspaceNavFor([]).tools).toEqual([]);
  });

  it("every link is unique", () => {
    const nav = workspaceNavFor(TOOLS.map((tool) => tool.businessType));
    const links = [...nav.main, ...nav.tools, ...nav.account].map((item) => item.to);
    expect(new Set(links).size).toBe(links.length);
    expect(new Set(WORKSPACE_NAV.map((item) => item.label)).size).toBe(WORKSPACE_NAV.length);
  });

  it("marks the entry a page belongs to: the longest path that is the page or a folder above it", () => {
    const paths = WORKSPACE_NAV.map((item) => item.to);
    expect(currentNavPath("/dashboard", paths)).toBe("/dashboard");
    expect(currentNavPath("/tools/products", paths)).toBe("/tools/products");
    expect(currentNavPath("/tools/products/new", paths)).toBe("/tools/products");
    expect(currentNavPath("/tools/products/0c6f/files", paths)).toBe("/tools/products");
    expect(currentNavPath("/tools/products/discounts", paths)).toBe("/tools/products/discounts");
    expect(currentNavPath("/tools/shipping", paths)).toBe("/tools/shipping");
    expect(currentNavPath("/orders/42/", paths)).toBe("/orders");
    expect(currentNavPath("/security-settings", paths)).toBe("/security-settings");
    expect(currentNavPath("/settings", paths)).toBe("/settings");
    expect(currentNavPath("/settings/billing", paths)).toBe("/settings/billing");
    // A prefix that is not a folder above does not count; pages outside the list mark nothing.
    expect(currentNavPath("/ordersx", paths)).toBeUndefined();
    expect(currentNavPath("/sales/online-store", paths)).toBeUndefined();
  });
});
