import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/kernel/session/require-user.server";
import { embedCatalogOf } from "~/features/catalog/embed-catalog";
import type { SalesMethodKey } from "~/features/sales-methods/content/sales-methods";
import { describeSetup } from "~/features/sales-methods/content/sales-options";
import { salesMethodQuery } from "~/features/sales-methods/server/sales-method-query.server";
import type { RequestContext } from "~/server/http/request-context.server";
import type { AppServices } from "~/server/services.server";
import { ownStorefrontQuery } from "./get-storefront.server";

function pageOf(method: SalesMethodKey) {
  return combinePageQueries({ saved: salesMethodQuery(method), storefront: ownStorefrontQuery });
}

const pages = new Map<SalesMethodKey, ReturnType<typeof pageOf>>();

/** An embed tool's page, read with the session check: its method's saved settings and setup, and the products to embed. */
export async function readEmbedTool(services: AppServices, ctx: RequestContext, batch: object, method: SalesMethodKey) {
  let query = pages.get(method);
  if (!query) {
    query = pageOf(method);
    pages.set(method, query);
  }
  const { page } = await requireUser(services, ctx, { batch, page: query });
  const catalog = page.storefront
    ? embedCatalogOf(services.env.APP_URL, page.storefront.store, page.storefront.products)
    : null;
  return {
    settings: page.saved?.settings ?? {},
    appUrl: services.env.APP_URL,
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
