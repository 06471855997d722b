import { combinePageQueries } from "~/kernel/session/page-query.server";
import { embedCatalogOf } from "~/domains/catalog/embed-catalog";
import type { SalesMethodKey } from "~/domains/sales-methods/content/sales-methods";
import { describeSetup } from "~/domains/sales-methods/content/sales-options";
import { salesMethodQuery } from "~/domains/sales-methods/server/sales-method-query.server";
import { ownStorefrontQuery } from "./read-storefront.server";

function pageOf(method: SalesMethodKey) {
  return combinePageQueries({ saved: salesMethodQuery(method), storefront: ownStorefrontQuery });
}

type EmbedToolRow = ReturnType<ReturnType<typeof pageOf>["read"]>;

const pages = new Map<SalesMethodKey, ReturnType<typeof pageOf>>();

/** An embed tool's page query, for the session check: its method's saved settings and the products to embed. */
export function embedToolQuery(method: SalesMethodKey) {
  let query = pages.get(method);
  if (!query) {
    query = pageOf(method);
    pages.set(method, query);
  }
  return query;
}

/** An embed tool's page from its query's row: the saved settings and setup, and the products to embed. */
export function embedToolOf(appUrl: string, method: SalesMethodKey, page: EmbedToolRow) {
  const catalog = page.storefront ? embedCatalogOf(appUrl, page.storefront.store, page.storefront.products) : null;
  return {
    settings: page.saved?.settings ?? {},
    appUrl,
    products: (catalog?.products ?? []).map(({ slug, name, url, price, soldOut }) => ({
      slug,
      name,
      url,
      price,
      soldOut,
    })),
    setup: page.saved ? describeSetup(method, page.saved.settings) : null,
  };
}
