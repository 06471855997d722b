import { data } from "react-router";
import { ProductCard } from "~/domains/catalog/components/product-card";
import { StoreAvatar, StoreShell } from "~/domains/catalog/components/store-shell";
import { readStorefront } from "~/domains/catalog/server/read-storefront.server";
import { FindUsAt } from "~/flows/event-sales/components/find-us-at";
import { listPublicEvents } from "~/flows/event-sales/server/list-public-events.server";
import { absoluteUrl, storePath } from "~/domains/catalog/store-profile";
import { coverPath } from "~/domains/catalog/paths";
import { STORE_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/s.$handle";

export const handle = STORE_PAGE;

/** A creator's storefront, server-rendered with no script; unknown handles: 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const [storefront, events] = await Promise.all([
    readStorefront(context.services.db, params.handle),
    listPublicEvents(context.services.db, params.handle, new Date()),
  ]);
  if (!storefront) throw data(null, { status: 404 });
  const appUrl = context.services.env.APP_URL;
  const firstCover = storefront.products.find((product) => product.covers.length > 0)?.covers.at(-1);
  return {
    ...storefront,
    events,
    url: absoluteUrl(appUrl, storePath(storefront.store.handle)),
    imageUrl: firstCover ? absoluteUrl(appUrl, coverPath(firstCover.id)) : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found · Sellkit" }, { name: "robots", content: "noindex" }];
  const { store, url, imageUrl } = loaderData;
  const description = store.description || `Digital products from ${store.name}, sold with Sellkit.`;
  return [
    { title: `${store.name} · Sellkit` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:title", content: store.name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: store.name },
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: store.name },
    { name: "twitter:description", content: description },
  ];
};

export default function StorefrontPage({ loaderData }: Route.ComponentProps) {
  const { store, products, events } = loaderData;
  return (
    <StoreShell store={store}>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:px-6">
        <section className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <StoreAvatar store={store} size={72} />
          <div className="grid gap-2">
            <h1 className="text-3xl tracking-tight sm:text-4xl">{store.name}</h1>
            {store.category ? (
              <p className="text-sm font-medium uppercase tracking-wide store-accent-text">{store.category}</p>
            ) : null}
            {store.description ? (
              <p className="max-w-2xl whitespace-pre-line text-lg text-muted-foreground">{store.description}</p>
            ) : null}
          </div>
        </section>
        <section aria-labelledby="products-heading" className="grid gap-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="products-heading" className="text-2xl">
              Products
            </h2>
            <p className="text-sm text-muted-foreground">{`Prices in ${store.currency}`}</p>
          </div>
          {products.length > 0 ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {products.map((product, index) => (
                <ProductCard
                  key={product.id}
                  handle={store.handle}
                  product={product}
                  headingLevel="h3"
                  priority={index === 0}
                />
              ))}
            </ul>
          ) : (
            <p className="rounded-md border border-dashed p-8 text-center text-muted-foreground">{`${store.name} has nothing for sale yet.`}</p>
          )}
        </section>
        <FindUsAt events={events} organizer={store.name} />
      </div>
    </StoreShell>
  );
}
