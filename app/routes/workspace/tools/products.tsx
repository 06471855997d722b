import { Plus, TicketPercent } from "lucide-react";
import { useEffect } from "react";
import { BackLink } from "~/components/ui/back-link";
import { ButtonLink } from "~/components/ui/button";
import { NoProducts, ProductFilters, ProductList } from "~/domains/catalog/components/product-list";
import { NEW_PRODUCT_PATH } from "~/domains/catalog/paths";
import { DISCOUNTS_PATH } from "~/domains/discounts/paths";
import { requireUser } from "~/routes/http/require-user.server";
import { isProductSort, PRODUCT_SEARCH_MAX, PRODUCT_SORTS } from "~/domains/catalog/content/product-sorts";
import { productListQuery } from "~/domains/catalog/server/product-page-queries.server";
import { submitProductAction } from "./products.server";
import { findTool } from "~/domains/workspace/content/tools";
import { searchText } from "~/lib/text-formats";
import { showToast } from "~/lib/toast";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import { toolMeta } from "~/domains/workspace/content/tool-meta";
import type { Route } from "./+types/products";

const TOOL = findTool("products")!;

export const meta: Route.MetaFunction = () => toolMeta(TOOL);

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const search = searchText(ctx.url.searchParams.get("q"), PRODUCT_SEARCH_MAX);
  const requested = ctx.url.searchParams.get("sort");
  const sort = isProductSort(requested) ? requested : PRODUCT_SORTS[0].value;
  const { page: products } = await requireUser(context.services, ctx, {
    batch: context,
    page: productListQuery(search, sort),
  });
  return { products, search, sort, sorts: PRODUCT_SORTS };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  return submitProductAction(
    context.services,
    user,
    await readFormData(request),
    `${ctx.url.pathname}${ctx.url.search}`,
  );
}

export default function ProductManager({ loaderData, actionData }: Route.ComponentProps) {
  const { products, search, sort, sorts } = loaderData;
  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <BackLink to="/dashboard">Back to dashboard</BackLink>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{TOOL.name}</h1>
          <p className="mt-2 text-lg text-muted-foreground">{TOOL.description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={DISCOUNTS_PATH} variant="outline">
            <TicketPercent aria-hidden="true" /> Discounts
          </ButtonLink>
          <ButtonLink to={NEW_PRODUCT_PATH}>
            <Plus aria-hidden="true" /> New Product
          </ButtonLink>
        </div>
      </div>
      {actionData?.toast.description ? (
        <p
          role="alert"
          className="mt-6 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {actionData.toast.description}
        </p>
      ) : null}
      {products.length === 0 && !search ? (
        <div className="mt-8">
          <NoProducts />
        </div>
      ) : (
        <div className="mt-8 grid gap-6">
          <ProductFilters search={search} sort={sort} sorts={sorts} />
          {products.length ? (
            <ProductList products={products} />
          ) : (
            <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground">
              No product’s name contains “{search}”.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
