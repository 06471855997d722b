import type { BusinessType } from "./business";

/** SPEC §2: the tools each business type brings to 'Your Business Tools'. */
export type BusinessTool = { id: string; name: string; href: string; description: string; businessType: BusinessType };

export const TOOLS_BY_BUSINESS_TYPE: Record<BusinessType, BusinessTool[]> = {
  online_store: [
    { id: "estore-builder", name: "E-shop Builder", href: "/tools/estore-builder", description: "Design your online store and its pages.", businessType: "online_store" },
    { id: "products", name: "Product Manager", href: "/tools/products", description: "Add products, prices and files.", businessType: "online_store" },
  ],
  retail_store: [
    { id: "retail-dashboard", name: "Store Management", href: "/tools/retail-dashboard", description: "Run your shop: stock, staff and opening hours.", businessType: "retail_store" },
    { id: "pos", name: "POS System", href: "/tools/pos", description: "Take payments at the counter.", businessType: "retail_store" },
  ],
  events: [
    { id: "events", name: "Event Sales Manager", href: "/tools/events", description: "Plan the markets and fairs you sell at.", businessType: "events" },
    { id: "mobile-pos", name: "Mobile POS", href: "/tools/mobile-pos", description: "Take card and mobile payments at your stall.", businessType: "events" },
  ],
  existing_website: [
    { id: "buy-button", name: "Buy Button Generator", href: "/tools/buy-button", description: "A buy button for your own website.", businessType: "existing_website" },
    { id: "integration", name: "Website Integration", href: "/tools/integration", description: "Connect your website or blog.", businessType: "existing_website" },
  ],
  social_media: [
    { id: "social", name: "Social Media Manager", href: "/tools/social", description: "Sell through your social accounts.", businessType: "social_media" },
    { id: "bio-link", name: "Link in Bio Tool", href: "/tools/bio-link", description: "One link for all your products.", businessType: "social_media" },
  ],
};

/** The tools of a creator's business types, in the order of the types, without repeats. */
export function toolsFor(businessTypes: readonly string[]): BusinessTool[] {
  const seen = new Set<string>();
  return businessTypes
    .flatMap((type) => TOOLS_BY_BUSINESS_TYPE[type as BusinessType] ?? [])
    .filter((tool) => (seen.has(tool.id) ? false : (seen.add(tool.id), true)));
}

export const ALL_TOOLS: BusinessTool[] = Object.values(TOOLS_BY_BUSINESS_TYPE).flat();
