import { CoverImage } from "~/domains/catalog/components/cover-image";
import { fileKind, formatFileSize } from "~/domains/catalog/describe-file";
import { priceLabel } from "~/domains/catalog/product-price";
import type { ProductPricing } from "~/domains/catalog/product-price";
import { optionParam } from "~/domains/catalog/sales-page-variant";
import { type StockNotice, stockNoticeText } from "~/domains/catalog/stock-notice";
import { type CoverRow, productBuyPath, productPagePath, type StoreProfile } from "~/domains/catalog/store-profile";
import type { ProductOption } from "~/domains/catalog/variant-options";
import { StoreAvatar } from "./store-shell";

export type SalesPageView = ProductPricing & {
  name: string;
  slug: string;
  summary: string;
  /** The description as sanitised HTML (renderMarkdown). */
  descriptionHtml: string;
  covers: CoverRow[];
  files: { id: string; name: string; contentType: string; size: number }[];
  /** A physical product's picker state: its options, the chosen values and variant, and the stock notice. */
  physical: {
    options: ProductOption[];
    values: string[];
    variantId: string | null;
    variantPriceCents: number | null;
    notice: StockNotice;
  } | null;
};

/** A product's sales page content. */
/**
 * A product's sales page body. `carry` is the query (no `?`) that keeps the visit's attribution on the way to the
 * checkout: the Buy link and the variant picker pass it on.
 */
export function SalesPageContent({
  store,
  product,
  carry = "",
}: {
  store: StoreProfile;
  product: SalesPageView;
  carry?: string;
}) {
  const { physical } = product;
  const price = priceLabel(
    physical?.variantPriceCents != null ? { ...product, priceCents: physical.variantPriceCents } : product,
  );
  const buyLabel = product.pricing === "free" ? "Get it for free" : "Buy now";
  const noticeText = stockNoticeText(physical?.notice ?? null);
  const buyable = !physical || (physical.variantId !== null && physical.notice?.kind !== "sold-out");
  return (
    <article className="mx-auto grid max-w-5xl gap-10 px-4 py-8 sm:px-6 md:py-12">
      <div className="grid items-start gap-8 md:grid-cols-2">
        {product.covers.length > 0 ? (
          <CoverImage
            covers={product.covers}
            name={product.name}
            sizes="(min-width: 1024px) 496px, (min-width: 768px) 50vw, 100vw"
            className="store-card h-auto w-full border bg-muted object-cover"
            priority
          />
        ) : null}
        <div className={product.covers.length > 0 ? "grid gap-5" : "grid gap-5 md:col-span-2"}>
          <h1 className="text-3xl leading-tight tracking-tight sm:text-4xl">{product.name}</h1>
          <p className="text-2xl font-bold store-accent-text">
            {price.main}
            {price.detail ? (
              <span className="mt-1 block text-base font-medium text-muted-foreground">{price.detail}</span>
            ) : null}
          </p>
          {product.summary ? <p className="text-lg text-muted-foreground">{product.summary}</p> : null}
          {physical && physical.options.length > 0 ? (
            <VariantPicker path={productPagePath(store.handle, product.slug)} physical={physical} carry={carry} />
          ) : null}
          {physical && !physical.variantId ? (
            <p role="status" className="font-semibold">
              This combination is not available.
            </p>
          ) : null}
          {noticeText ? (
            <p role="status" className="font-semibold">
              {noticeText}
            </p>
          ) : null}
          <div>
            {buyable ? (
              <a
                href={withQuery(
                  physical?.variantId
                    ? `${productBuyPath(store.handle, product.slug)}?variant=${encodeURIComponent(physical.variantId)}`
                    : productBuyPath(store.handle, product.slug),
                  carry,
                )}
                className="store-button text-lg"
              >
                {buyLabel}
              </a>
            ) : (
              <button
                type="button"
                disabled
                className="store-button text-lg disabled:cursor-not-allowed disabled:opacity-60"
              >
                {buyLabel}
              </button>
            )}
          </div>
          <p className="flex items-center gap-3 text-sm text-muted-foreground">
            <StoreAvatar store={store} size={32} />
            <span>
              Sold by <span className="font-semibold text-foreground">{store.name}</span>
            </span>
          </p>
        </div>
      </div>
      {product.descriptionHtml ? (
        <section aria-labelledby="about-heading" className="max-w-3xl">
          <h2 id="about-heading" className="text-2xl">
            About this product
          </h2>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown's output (raw HTML off, only http(s)/mailto links: app/domains/catalog/markdown.ts) */}
          <div className="product-description mt-4" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
        </section>
      ) : null}
      {product.files.length > 0 ? (
        <section aria-labelledby="included-heading" className="max-w-3xl">
          <h2 id="included-heading" className="text-2xl">
            What’s included
          </h2>
          <ul className="mt-4 divide-y rounded-md border">
            {product.files.map((file) => (
              <li key={file.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
                <span className="min-w-0 break-words font-medium">{file.name}</span>
                <span className="text-sm text-muted-foreground">{`${fileKind(file.name, file.contentType)} · ${formatFileSize(file.size)}`}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

/** Radio groups, one per option, in a GET form to the same page: picking works with no script. */
/** `path` with `query` (no `?`) appended to any query it has. */
function withQuery(path: string, query: string): string {
  return query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path;
}

function VariantPicker({
  path,
  physical,
  carry,
}: {
  path: string;
  physical: NonNullable<SalesPageView["physical"]>;
  carry: string;
}) {
  return (
    <form method="get" action={path} className="grid gap-4">
      {[...new URLSearchParams(carry)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {physical.options.map((option, index) => (
        <fieldset key={option.name} className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold">{option.name}</legend>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value) => (
              <label
                key={value}
                className="store-card inline-flex cursor-pointer items-center gap-2 border px-3 py-2 text-sm has-[:checked]:border-current has-[:checked]:font-semibold"
              >
                <input
                  type="radio"
                  name={optionParam(index)}
                  value={value}
                  defaultChecked={physical.values[index] === value}
                  required
                />
                {value}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <div>
        <button
          type="submit"
          className="store-card border bg-background px-4 py-2 text-sm font-semibold hover:underline"
        >
          Show this variant
        </button>
      </div>
    </form>
  );
}
