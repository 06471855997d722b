import { data } from "react-router";
import { CoverImage } from "~/features/catalog/components/cover-image";
import { StoreShell } from "~/features/catalog/components/store-shell";
import { priceLabel } from "~/features/catalog/product-price";
import { getSalesPage } from "~/features/catalog/server/get-sales-page.server";
import { productPath, storePath } from "~/features/catalog/store-profile";
import { STORE_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/store-product-buy";

export const handle = STORE_PAGE;

/**
 * The buy page of a published product, where its sales page's Buy button leads (issue 14.5): the order summary.
 * The checkout issue adds the payment form here; until then it says plainly that nothing can be paid yet.
 * Drafts, archived and unknown products: 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await getSalesPage(context.services.db, params.handle, params.slug);
  if (page?.product.status !== "published") throw data(null, { status: 404 });
  const { store, product } = page;
  return {
    store,
    product: {
      name: product.name,
      slug: product.slug,
      covers: product.covers,
      pricing: product.pricing,
      priceCents: product.priceCents,
      minPriceCents: product.minPriceCents,
      suggestedPriceCents: product.suggestedPriceCents,
      currency: product.currency,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Buy ${loaderData.product.name} · ${loaderData.store.name}` : "Page not found · Sellkit" },
  { name: "robots", content: "noindex" },
];

export default function StoreProductBuyPage({ loaderData }: Route.ComponentProps) {
  const { store, product } = loaderData;
  const price = priceLabel(product);
  return (
    <StoreShell store={store}>
      <div className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:px-6">
        <h1 className="text-3xl tracking-tight">Your order</h1>
        <div className="store-card flex items-center gap-4 border bg-card p-4 text-card-foreground">
          <div className="size-20 shrink-0 overflow-hidden bg-muted">
            <CoverImage covers={product.covers} name={product.name} sizes="80px" className="h-full w-full object-cover" />
          </div>
          <div className="grid gap-1">
            <p className="font-semibold">{product.name}</p>
            <p className="store-accent-text font-semibold">
              {price.main}
              {price.detail ? <span className="block text-sm font-normal text-muted-foreground">{price.detail}</span> : null}
            </p>
          </div>
        </div>
        <p role="status" className="rounded-md bg-secondary p-4 text-secondary-foreground">
          {store.name} is not taking payments online yet, so nothing can be bought or charged here today.
        </p>
        <p className="flex flex-wrap gap-x-6 gap-y-2">
          <a href={productPath(store.handle, product.slug)} className="font-medium underline underline-offset-4">
            Back to {product.name}
          </a>
          <a href={storePath(store.handle)} className="font-medium underline underline-offset-4">
            More from {store.name}
          </a>
        </p>
      </div>
    </StoreShell>
  );
}
