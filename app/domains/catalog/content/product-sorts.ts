/** The Product Manager's sort orders; the first is the default. */
export const PRODUCT_SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "name", label: "Name (A–Z)" },
  { value: "price", label: "Price (low to high)" },
  { value: "sales", label: "Most sales" },
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number]["value"];
/** Longer searches are cut, as no name is longer. */
export const PRODUCT_SEARCH_MAX = 100;

export type ProductListItem = {
  id: string;
  name: string;
  slug: string;
  type: string;
  status: string;
  pricing: string;
  priceCents: number;
  minPriceCents: number | null;
  currency: string;
  sales: number;
  revenueCents: number;
  /** A physical product's units available over its variants and locations; null for a digital product. */
  available: number | null;
  coverId: string | null;
  createdAt: Date;
};

export function isProductSort(value: unknown): value is ProductSort {
  return PRODUCT_SORTS.some((sort) => sort.value === value);
}
