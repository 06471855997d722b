/** The product types: the value is stored, the label shown. */
export const PRODUCT_TYPES = [
  { value: "ebook", label: "E-book" },
  { value: "course", label: "Course" },
  { value: "software", label: "Software" },
  { value: "design_asset", label: "Design asset" },
  { value: "template", label: "Template" },
  { value: "pdf", label: "PDF" },
  { value: "video", label: "Video" },
  { value: "other", label: "Other" },
  { value: "physical", label: "Physical" },
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number]["value"];

/** How a product is priced: fixed, free, or pay what you want. */
export const PRICING_MODES = [
  { value: "fixed", label: "Fixed price" },
  { value: "free", label: "Free" },
  { value: "pwyw", label: "Pay what you want" },
] as const;
export type PricingMode = (typeof PRICING_MODES)[number]["value"];

/** A product's life: drafts are seen by their owner only; archived products are no longer sold. */
export const PRODUCT_STATUSES = [
  { value: "draft", label: "Draft" },
  { value: "published", label: "Published" },
  { value: "archived", label: "Archived" },
] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]["value"];

/** The largest product file, in bytes. */
export const MAX_PRODUCT_FILE_BYTES = 2 * 1024 ** 3;

/** The one product type sold from stock and shipped or handed over; every other type is a digital download. */
export const PHYSICAL_PRODUCT_TYPE = "physical" satisfies ProductType;

/** Whether a product of `type` is a physical good (stock, variants, shipping) rather than a digital one. */
export function isPhysicalType(type: string): boolean {
  return type === PHYSICAL_PRODUCT_TYPE;
}
