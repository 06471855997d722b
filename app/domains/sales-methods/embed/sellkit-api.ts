/** What a seller's website is told of one published product: enough to draw a card or a button, nothing private. */
export type EmbedProduct = {
  slug: string;
  name: string;
  /** The price as people read it: "$12.50", "Free" or "Pay what you want". */
  price: string;
  currency: string;
  /** A fixed unit price in minor units, or null when the buyer chooses it. */
  unitCents: number | null;
  cover: string | null;
  url: string;
  physical: boolean;
  soldOut: boolean;
  /** Whether it can go in a cart: a fixed price (or free) and nothing to choose. */
  cartable: boolean;
};

/** The public catalog a seller's website reads (/s/:handle/products.json): the store's name and published products. */
export type EmbedCatalog = { store: { name: string; handle: string }; products: EmbedProduct[] };

/** `window.Sellkit`: the overlay and the catalog reader that sellkit.js shares with the widget and cart script. */
export type SellkitApi = {
  open: (href: string, opener?: HTMLElement) => void;
  close: () => void;
  /** The Sellkit origin the script came from. */
  origin: string;
  /** A store's catalog, fetched once per page; null when it cannot be read. */
  catalog: (handle: string) => Promise<EmbedCatalog | null>;
};

/** A product page path on the Sellkit origin: `/s/:handle/:slug` or its `/buy`, with the handle and slug. */
export const PRODUCT_PAGE = /^\/s\/([^/]+)\/([^/]+?)(?:\/buy)?\/?$/;
