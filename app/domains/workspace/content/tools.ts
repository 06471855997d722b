import type { BusinessType } from "./business";

/** The tools of each business type: slug under /tools, name, and what the tool does. */
export const TOOLS = [
  {
    slug: "estore-builder",
    name: "E-shop Builder",
    businessType: "online_store",
    description:
      "Design your online store: pick a theme, currency and category, and publish your products on your own storefront.",
  },
  {
    slug: "products",
    name: "Product Manager",
    businessType: "online_store",
    description: "Add your digital products, set their prices and files, and keep track of what sells.",
  },
  {
    slug: "retail-dashboard",
    name: "Store Management",
    businessType: "retail_store",
    description:
      "Run your brick-and-mortar shops: their addresses and opening hours, their stock, and the features you switched on.",
  },
  {
    slug: "pos",
    name: "POS System",
    businessType: "retail_store",
    description: "Take payments at the counter and keep stock in step with your online sales.",
  },
  {
    slug: "events",
    name: "Event Sales Manager",
    businessType: "events",
    description: "Plan the markets, fairs and pop-ups you sell at, and what you need on site.",
  },
  {
    slug: "mobile-pos",
    name: "Mobile POS",
    businessType: "events",
    description: "Take cash, card and mobile payments from your phone at any event.",
  },
  {
    slug: "buy-button",
    name: "Buy Button Generator",
    businessType: "existing_website",
    description: "Create a Buy button for your website or blog and copy its HTML code.",
  },
  {
    slug: "integration",
    name: "Website Integration",
    businessType: "existing_website",
    description: "Connect Sellkit to your website platform with a button, a product widget or a cart.",
  },
  {
    slug: "social",
    name: "Social Media Manager",
    businessType: "social_media",
    description: "Plan what you post on each social network and who it is for.",
  },
  {
    slug: "bio-link",
    name: "Link in Bio Tool",
    businessType: "social_media",
    description: "One link for your social profiles that lists everything you sell.",
  },
] as const satisfies readonly { slug: string; name: string; businessType: BusinessType; description: string }[];

export type Tool = (typeof TOOLS)[number];

export const toolPath = (tool: Pick<Tool, "slug">) => `/tools/${tool.slug}`;

/** The tools of a creator's business types, in the table's order, without duplicates. */
export function toolsFor(businessTypes: readonly string[]): Tool[] {
  return TOOLS.filter((tool) => businessTypes.includes(tool.businessType));
}

export function findTool(slug: string): Tool | undefined {
  return TOOLS.find((tool) => tool.slug === slug);
}
