import { ShoppingBag } from "lucide-react";
import { data } from "react-router";
import { PageShell } from "~/components/site/page-shell";
import { Card, CardContent } from "~/components/ui/card";
import { ProductCard } from "~/domains/catalog/components/product-card";
import { readStorefrontOf } from "~/domains/catalog/server/read-storefront.server";
import { productBuyPath, storePath } from "~/domains/catalog/store-profile";
import { pageMeta } from "~/lib/meta";
import { readBuyPage } from "~/domains/sales-methods/server/read-buy-page.server";
import type { Route } from "./+types/buy.$id";

/** A creator's public buy page, the target of their buy-button snippet; the creator's id stays on the server. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await readBuyPage(context.services.db, params.id);
  if (!page) throw data(null, { status: 404 });
  const storefront = await readStorefrontOf(context.services.db, page.userId);
  return {
    storeName: page.storeName,
    description: page.description,
    handle: storefront?.store.handle ?? null,
    products: storefront?.products ?? [],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData ? `Buy from ${loaderData.storeName}` : "Page not found",
    description: loaderData ? `Buy from ${loaderData.storeName} on Sellkit.` : "This page does not exist.",
  }),
  { name: "robots", content: "noindex" },
];

export default function BuyPage({ loaderData }: Route.ComponentProps) {
  const { storeName, description, handle, products } = loaderData;
  return (
    <PageShell>
      <div className="store-page mx-auto grid max-w-5xl gap-8 px-4 py-12 sm:px-6">
        <Card>
          <CardContent className="grid gap-4 p-8 text-center">
            <ShoppingBag aria-hidden="true" className="mx-auto size-10 text-primary" />
            <h1 className="text-3xl font-bold tracking-tight">{storeName}</h1>
            <p className="whitespace-pre-line text-muted-foreground">{description}</p>
          </CardContent>
        </Card>
        <section aria-labelledby="buy-products-heading" className="grid gap-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="buy-products-heading" className="text-2xl font-semibold">
              Products
            </h2>
            {handle && products.length > 0 ? (
              <a href={storePath(handle)} className="text-sm font-medium text-primary underline underline-offset-4">
                Visit the store
              </a>
            ) : null}
          </div>
          {handle && products.length > 0 ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {products.map((product, index) => (
                <ProductCard
                  key={product.id}
                  handle={handle}
                  product={product}
                  headingLevel="h3"
                  priority={index === 0}
                  action={
                    <a
                      href={productBuyPath(handle, product.slug)}
                      className="store-button w-full"
                      aria-label={`Buy ${product.name}`}
                    >
                      Buy
                    </a>
                  }
                />
              ))}
            </ul>
          ) : (
            <p role="status" className="rounded-md bg-secondary p-4 text-center font-medium">
              No products are for sale yet.
            </p>
          )}
        </section>
      </div>
    </PageShell>
  );
}
