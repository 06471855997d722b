import type { ReactNode } from "react";
import { CoverImage } from "~/domains/catalog/components/cover-image";
import { priceLabel } from "~/domains/catalog/product-price";
import { type ListedProduct, productPagePath } from "~/domains/catalog/store-profile";

/**
 * A product card linking to its sales page; `priority` loads the first card's cover eagerly, as it is the largest
 * paint.
 */
export function ProductCard({
  handle,
  product,
  headingLevel = "h2",
  action,
  priority = false,
}: {
  handle: string;
  product: ListedProduct;
  headingLevel?: "h2" | "h3";
  action?: ReactNode;
  priority?: boolean;
}) {
  const price = priceLabel(product);
  const Heading = headingLevel;
  return (
    <li className="store-card relative flex flex-col overflow-hidden border bg-card text-card-foreground">
      <div className="aspect-[4/3] bg-muted">
        <CoverImage
          covers={product.covers}
          name={product.name}
          sizes="(min-width: 1024px) 320px, (min-width: 640px) 45vw, 100vw"
          className="h-full w-full object-cover"
          priority={priority}
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-lg leading-snug">
          <a href={productPagePath(handle, product.slug)} className="after:absolute after:inset-0 hover:underline">
            {product.name}
          </a>
        </Heading>
        {product.soldOut ? (
          <p className="w-fit rounded-full border px-2 py-0.5 text-xs font-semibold uppercase tracking-wide">
            Sold out
          </p>
        ) : null}
        <p className="font-semibold store-accent-text">
          {price.main}
          {price.detail ? (
            <span className="block text-sm font-normal text-muted-foreground">{price.detail}</span>
          ) : null}
        </p>
        {product.summary ? <p className="text-sm text-muted-foreground">{product.summary}</p> : null}
        {action ? <div className="relative z-10 mt-auto pt-2">{action}</div> : null}
      </div>
    </li>
  );
}
