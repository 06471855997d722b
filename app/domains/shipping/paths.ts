/** The shipping settings page, a workspace tool. */
export const SHIPPING_PATH = "/tools/shipping";
