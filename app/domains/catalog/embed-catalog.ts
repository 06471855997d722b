import { coverPath } from "./paths";
import type { EmbedCatalog } from "~/domains/sales-methods/embed/sellkit-api";
import { priceLabel } from "./product-price";
import { absoluteUrl, type ListedProduct, productPagePath, type StoreProfile } from "./store-profile";

/** The embeddable view of a storefront, with absolute URLs on `appUrl`. */
export function embedCatalogOf(appUrl: string, store: StoreProfile, products: readonly ListedProduct[]): EmbedCatalog {
  return {
    store: { name: store.name, handle: store.handle },
    products: products.map((product) => {
      const cover = product.covers.find((c) => c.width >= 480) ?? product.covers.at(-1);
      return {
        slug: product.slug,
        name: product.name,
        price: priceLabel(product).main,
        currency: product.currency,
        unitCents: product.pricing === "pwyw" ? null : product.pricing === "free" ? 0 : product.priceCents,
        cover: cover ? absoluteUrl(appUrl, coverPath(cover.id)) : null,
        url: absoluteUrl(appUrl, productPagePath(store.handle, product.slug)),
        physical: product.physical,
        soldOut: product.soldOut,
        cartable: product.pricing !== "pwyw" && !product.options,
      };
    }),
  };
}
