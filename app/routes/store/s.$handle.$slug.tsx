import { coverPath } from "~/domains/catalog/paths";
import { data, redirect } from "react-router";
import { isPhysicalType } from "~/domains/catalog/content/product-types";
import { chooseVariant } from "~/domains/catalog/sales-page-variant";
import { DraftBanner, StoreShell } from "~/domains/catalog/components/store-shell";
import { attributionOf, attributionQuery } from "~/domains/analytics/content/attribution";
import { SalesPageContent } from "~/domains/catalog/components/sales-page";
import { renderMarkdown } from "~/domains/catalog/markdown";
import { offerPrice } from "~/domains/catalog/product-price";
import { readSalesPage } from "~/domains/catalog/server/read-sales-page.server";
import { absoluteUrl, productPagePath, storePath } from "~/domains/catalog/store-profile";
import { readCurrentUser } from "~/kernel/session/read-current-user.server";
import { STORE_PAGE } from "~/lib/route-handle";
import { requestContext } from "~/server/http/request-context.server";
import type { StockNotice } from "~/domains/catalog/stock-notice";
import { jsonForScript } from "~/lib/json-for-script";
import type { Route } from "./+types/s.$handle.$slug";

export const handle = STORE_PAGE;

/**
 * Archived products answer 410 Gone: the link worked once, the product is not sold any more (search engines drop it).
 */
const GONE = 410;

/** A product's sales page, server-rendered with no script; a draft is its owner's preview, archived is 410. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const page = await readSalesPage(services.db, params.handle, params.slug);
  if (!page) throw data(null, { status: 404 });
  const { store, product } = page;
  if (product.status === "archived")
    return data(
      { kind: "gone" as const, store, name: product.name },
      { status: GONE, headers: { "Cache-Control": "no-store" } },
    );
  const draft = product.status === "draft";
  if (draft) {
    const viewer = await readCurrentUser(services, requestContext(request), { batch: context });
    if (viewer?.id !== page.ownerId) throw data(null, { status: 404 });
  }
  const path = productPagePath(store.handle, product.slug);
  // A physical product shows one variant: chosen by the picker's GET form, by `?variant=`, or the first in stock.
  const choice = isPhysicalType(product.type)
    ? chooseVariant(product.options, product.variants, new URL(request.url).searchParams, product.allowBackorder)
    : null;
  if (choice?.kind === "redirect")
    throw redirect(choice.variantId ? `${path}?variant=${encodeURIComponent(choice.variantId)}` : path);
  const appUrl = services.env.APP_URL;
  const url = absoluteUrl(appUrl, path);
  const here = new URL(request.url);
  const carry = attributionQuery(
    attributionOf(here.search, request.headers.get("referer") ?? undefined, new URL(appUrl).hostname),
  );
  const widest = product.covers.at(-1);
  return data(
    {
      kind: "product" as const,
      draft,
      carry,
      store,
      url,
      imageUrl: widest ? absoluteUrl(appUrl, coverPath(widest.id)) : null,
      product: {
        name: product.name,
        slug: product.slug,
        summary: product.summary,
        descriptionHtml: product.description.trim() ? renderMarkdown(product.description) : "",
        pricing: product.pricing,
        priceCents: product.priceCents,
        minPriceCents: product.minPriceCents,
        suggestedPriceCents: product.suggestedPriceCents,
        currency: product.currency,
        covers: product.covers,
        // A physical product is shipped or handed over: nothing to download is listed.
        files: isPhysicalType(product.type) ? [] : product.files,
        // The stock figure itself stays on the server: buyers see only the notice.
        physical:
          choice?.kind === "chosen"
            ? {
                options: product.options,
                values: choice.values,
                variantId: choice.variant?.id ?? null,
                variantPriceCents: choice.variant?.priceCents ?? null,
                notice: choice.notice,
              }
            : null,
      },
    },
    // A draft is the owner's alone: no shared cache keeps it.
    { headers: { "Cache-Control": draft ? "private, no-store" : "public, max-age=0, must-revalidate" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The description of a product for search results and link previews: its summary, else the store's line. */
function describe(summary: string, storeName: string) {
  return summary || `${storeName} on Sellkit`;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found · Sellkit" }, { name: "robots", content: "noindex" }];
  if (loaderData.kind === "gone") {
    return [
      { title: `${loaderData.name} is no longer available · ${loaderData.store.name}` },
      { name: "robots", content: "noindex" },
    ];
  }
  const { product, store, url, imageUrl, draft } = loaderData;
  const title = `${product.name} · ${store.name}`;
  const description = describe(product.summary, store.name);
  return [
    { title },
    { name: "description", content: description },
    ...(draft ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:title", content: product.name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: store.name },
    ...(imageUrl
      ? [
          { property: "og:image", content: imageUrl },
          { property: "og:image:alt", content: `Cover of ${product.name}` },
        ]
      : []),
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: product.name },
    { name: "twitter:description", content: description },
    ...(imageUrl ? [{ name: "twitter:image", content: imageUrl }] : []),
  ];
};

/** schema.org's availability of the shown variant: out of stock, on backorder, or in stock. */
function availabilityOf(physical: { variantId: string | null; notice: StockNotice } | null) {
  if (!physical) return "InStock";
  if (!physical.variantId || physical.notice?.kind === "sold-out") return "OutOfStock";
  return "InStock";
}

export default function StoreProductPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "gone") {
    const { store, name } = loaderData;
    return (
      <StoreShell store={store}>
        <div className="mx-auto grid max-w-2xl gap-4 px-4 py-20 text-center sm:px-6">
          <h1 className="text-3xl">{name} is no longer available</h1>
          <p className="text-muted-foreground">{store.name} has stopped selling this product.</p>
          <p>
            <a href={storePath(store.handle)} className="store-button">
              See what {store.name} sells
            </a>
          </p>
        </div>
      </StoreShell>
    );
  }
  const { store, product, url, imageUrl, draft } = loaderData;
  const structuredData = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: describe(product.summary, store.name),
    url,
    ...(imageUrl ? { image: imageUrl } : {}),
    brand: { "@type": "Brand", name: store.name },
    offers: {
      "@type": "Offer",
      price: offerPrice(
        product.physical?.variantPriceCents != null
          ? { ...product, priceCents: product.physical.variantPriceCents }
          : product,
      ),
      priceCurrency: product.currency,
      availability: `https://schema.org/${availabilityOf(product.physical)}`,
      url,
      seller: { "@type": "Organization", name: store.name },
    },
  };
  return (
    <StoreShell store={store} banner={draft ? <DraftBanner /> : undefined}>
      <SalesPageContent store={store} product={product} carry={loaderData.carry} />
      {/* Structured data for search engines: a data block, not a script that runs. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with <, > and & escaped (jsonForScript), so no text can end the element */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(structuredData) }} />
    </StoreShell>
  );
}
