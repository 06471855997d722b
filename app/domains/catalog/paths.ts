/** The Product Manager's address. */
export const PRODUCTS_PATH = "/tools/products";
export const NEW_PRODUCT_PATH = `${PRODUCTS_PATH}/new`;
export const productPath = (id: string) => `${PRODUCTS_PATH}/${id}`;
/** A product's cover rendition (served by the cover route). */
export const coverPath = (coverId: string) => `/covers/${coverId}`;
/** A product's public sales page. */
export const salesPagePath = (handle: string, slug: string) => `/s/${handle}/${slug}`;
