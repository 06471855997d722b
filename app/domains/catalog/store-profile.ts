import type { ProductPricing } from "~/domains/catalog/product-price";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "~/domains/catalog/slugify";
import { type Currency, DEFAULT_CURRENCY, isCurrency } from "~/lib/money";
import { optionLabel, STORE_CATEGORIES, STORE_THEMES } from "~/domains/sales-methods/content/sales-options";
import { ONLINE_STORE_DEFAULTS } from "~/domains/sales-methods/schemas/online-store";

export type StoreTheme = (typeof STORE_THEMES)[number]["value"];

/** What a store's public pages show of it: from the online-store form, else the business profile. */
export type StoreProfile = {
  handle: string;
  name: string;
  description: string;
  /** The category's label, or null when none was chosen. */
  category: string | null;
  currency: Currency;
  theme: StoreTheme;
  /** `/avatars/:id` of the creator's profile picture, or null. */
  avatarUrl: string | null;
};

/** The raw parts of a store as the catalog's reads return them. */
export type StoreRow = {
  handle: string;
  onlineStore: Record<string, unknown> | null;
  storeName: string | null;
  businessDescription: string | null;
  avatarId: string | null;
};

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function isTheme(value: unknown): value is StoreTheme {
  return STORE_THEMES.some((theme) => theme.value === value);
}

/** The store's public profile; the online-store setup wins field by field. */
export function storeProfileOf(row: StoreRow): StoreProfile {
  const settings = row.onlineStore ?? {};
  const category = text(settings.category);
  return {
    handle: row.handle,
    name: text(settings.storeName) || text(row.storeName) || row.handle,
    description: text(settings.storeDescription) || text(row.businessDescription),
    category: category ? optionLabel(STORE_CATEGORIES, category) : null,
    currency: isCurrency(settings.currency) ? settings.currency : DEFAULT_CURRENCY,
    theme: isTheme(settings.theme) ? settings.theme : ONLINE_STORE_DEFAULTS.theme,
    avatarUrl: row.avatarId ? `/avatars/${row.avatarId}` : null,
  };
}

/** Whether a URL segment can be a store handle or product slug at all (checked before any query). */
export function isSlugLike(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

/** The public paths of a store and its products. */
export const storePath = (handle: string) => `/s/${encodeURIComponent(handle)}`;
export const productPagePath = (handle: string, slug: string) => `${storePath(handle)}/${encodeURIComponent(slug)}`;
export const productBuyPath = (handle: string, slug: string) => `${productPagePath(handle, slug)}/buy`;

/** An absolute URL on this site (canonical links, Open Graph, JSON-LD). */
export function absoluteUrl(appUrl: string, path: string): string {
  return `${appUrl.replace(/\/+$/, "")}${path}`;
}

/** One stored width of a product's cover. */
export type CoverRow = { id: string; width: number; height: number };

/** A product as a store lists it: card data only. */
export type ListedProduct = ProductPricing & {
  id: string;
  name: string;
  slug: string;
  summary: string;
  covers: CoverRow[];
  /** A physical product none of whose variants can be bought online now. */
  soldOut: boolean;
  physical: boolean;
  /** A physical product with several variants to choose from. */
  options: boolean;
};
