import type { BusinessType } from "./business";

export type QuickAction = { id: string; title: string; description: string; to: string };

/** one quick action per matching business type; Analytics and Products are always shown. */
const BY_BUSINESS_TYPE: { businessType: BusinessType; action: QuickAction }[] = [
  {
    businessType: "online_store",
    action: {
      id: "online-store",
      title: "Set up your online store",
      description: "Choose a theme, currency and category.",
      to: "/sales/online-store",
    },
  },
  {
    businessType: "social_media",
    action: {
      id: "social",
      title: "Connect social accounts",
      description: "Pick the networks you sell on.",
      to: "/tools/social",
    },
  },
  {
    businessType: "retail_store",
    action: {
      id: "inventory",
      title: "Manage inventory",
      description: "Your shop's stock and features.",
      to: "/tools/retail-dashboard",
    },
  },
];

const ALWAYS: QuickAction[] = [
  { id: "analytics", title: "Analytics", description: "Sales, visits and conversion over time.", to: "/analytics" },
  { id: "products", title: "Products", description: "Add and manage your digital products.", to: "/tools/products" },
];

export function quickActionsFor(businessTypes: readonly string[]): QuickAction[] {
  return [
    ...BY_BUSINESS_TYPE.filter((entry) => businessTypes.includes(entry.businessType)).map((entry) => entry.action),
    ...ALWAYS,
  ];
}
