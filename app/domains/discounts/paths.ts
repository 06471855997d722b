/** The discount codes page, beside the Product Manager; browser-safe. */
export const DISCOUNTS_PATH = "/tools/products/discounts";
/** The page with one code's edit form open. */
export const editDiscountPath = (id: string) => `${DISCOUNTS_PATH}?edit=${encodeURIComponent(id)}#discount-form`;
