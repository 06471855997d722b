/** The discount codes page (issue 15.4), beside the Product Manager. Browser-safe. */
export const DISCOUNTS_PATH = "/tools/products/discounts";
/** The page with one code's edit form open. */
export const editDiscountPath = (id: string) => `${DISCOUNTS_PATH}?edit=${encodeURIComponent(id)}#discount-form`;
