import type { BusinessType } from "~/domains/workspace/content/business";

/** The five sales methods, one per business type: stored key, form URL and heading. */
export const SALES_METHODS = [
  { key: "online_store", path: "/sales/online-store", title: "Create Your Online Store", name: "Online store" },
  { key: "retail_store", path: "/sales/retail-store", title: "Setup Your Retail Store", name: "Retail store" },
  { key: "events", path: "/sales/event-sales", title: "Setup Event Sales", name: "Event sales" },
  {
    key: "existing_website",
    path: "/sales/existing-website",
    title: "Add Buy Button to Your Website",
    name: "Buy button on your website",
  },
  { key: "social_media", path: "/sales/social-media", title: "Setup Social Media Sales", name: "Social media sales" },
] as const satisfies readonly { key: BusinessType; path: string; title: string; name: string }[];

export type SalesMethodKey = (typeof SALES_METHODS)[number]["key"];
export type SalesMethod = (typeof SALES_METHODS)[number];

export function salesMethod(key: SalesMethodKey): SalesMethod {
  return SALES_METHODS.find((method) => method.key === key)!;
}

export function isSalesMethodKey(value: string): value is SalesMethodKey {
  return SALES_METHODS.some((method) => method.key === value);
}

/** The sales method whose form is at `pathname` (any case, trailing slash allowed), as the router matches it. */
export function salesMethodAtPath(pathname: string): SalesMethod | undefined {
  const path = pathname.replace(/\/+$/, "").toLowerCase();
  return SALES_METHODS.find((method) => method.path === path);
}
