import {
  BadgePercent,
  ChartLine,
  CreditCard,
  LayoutDashboard,
  type LucideIcon,
  Package,
  Settings,
  Truck,
  ShieldCheck,
  ShoppingCart,
  Users,
  Wallet,
  Wrench,
} from "lucide-react";
import { toolPath, toolsFor } from "./tools";

/** Who is signed in and how they sell: what the workspace navigation shows besides its fixed pages. */
export type WorkspaceNavData = {
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  storeName: string | null;
  businessTypes: string[];
};

export type WorkspaceNavItem = { label: string; to: string; icon: LucideIcon; section: "main" | "account" };

/** Every page of the workspace navigation; a new page or tool for every creator is one entry here. */
export const WORKSPACE_NAV: readonly WorkspaceNavItem[] = [
  { label: "Dashboard", to: "/dashboard", icon: LayoutDashboard, section: "main" },
  { label: "Products", to: "/tools/products", icon: Package, section: "main" },
  { label: "Orders", to: "/orders", icon: ShoppingCart, section: "main" },
  { label: "Customers", to: "/customers", icon: Users, section: "main" },
  { label: "Analytics", to: "/analytics", icon: ChartLine, section: "main" },
  { label: "Payouts", to: "/payouts", icon: Wallet, section: "main" },
  { label: "Discounts", to: "/tools/products/discounts", icon: BadgePercent, section: "main" },
  { label: "Shipping", to: "/tools/shipping", icon: Truck, section: "main" },
  { label: "Payments", to: "/payments", icon: CreditCard, section: "main" },
  { label: "Settings", to: "/settings", icon: Settings, section: "account" },
  { label: "Billing", to: "/settings/billing", icon: CreditCard, section: "account" },
  { label: "Security", to: "/security-settings", icon: ShieldCheck, section: "account" },
];

export type WorkspaceNavSections = { main: WorkspaceNavItem[]; tools: WorkspaceNavItem[]; account: WorkspaceNavItem[] };

/**
 * The navigation of a creator: the fixed pages and the tools of their business types (a tool already listed is not
 * repeated).
 */
export function workspaceNavFor(businessTypes: readonly string[]): WorkspaceNavSections {
  const listed = new Set(WORKSPACE_NAV.map((item) => item.to));
  return {
    main: WORKSPACE_NAV.filter((item) => item.section === "main"),
    tools: toolsFor(businessTypes)
      .filter((tool) => !listed.has(toolPath(tool)))
      .map((tool) => ({ label: tool.name, to: toolPath(tool), icon: Wrench, section: "main" as const })),
    account: WORKSPACE_NAV.filter((item) => item.section === "account"),
  };
}

/**
 * The entry a path belongs to: the longest one that is the path or a folder above it (an order's page is under Orders).
 */
export function currentNavPath(pathname: string, paths: readonly string[]): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return paths.filter((to) => path === to || path.startsWith(`${to}/`)).sort((a, b) => b.length - a.length)[0];
}
