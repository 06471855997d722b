import { ImageOff, Package, Pencil, Plus, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input, Label, Select } from "~/components/ui/input";
import type { ProductListItem } from "~/domains/catalog/content/product-sorts";
import { PRODUCT_TYPES } from "~/domains/catalog/content/product-types";
import { formatMoney } from "~/lib/money";
import { coverPath, NEW_PRODUCT_PATH, productPath } from "~/domains/catalog/paths";
import { ProductActions } from "./product-actions";
import { ProductStatusBadge } from "./product-status-badge";

/** What a row of the list shows. */
export type ProductRow = Omit<ProductListItem, "slug" | "createdAt">;

export type SortOption = { readonly value: string; readonly label: string };

/** A product's price as the list shows it: "$12.00", "Free", "Pay what you want (from $5.00)". */
export function priceLabel(product: Pick<ProductRow, "pricing" | "priceCents" | "minPriceCents" | "currency">): string {
  if (product.pricing === "free") return "Free";
  if (product.pricing === "pwyw") {
    const least = product.minPriceCents ?? 0;
    return least > 0 ? `Pay what you want (from ${formatMoney(least, product.currency)})` : "Pay what you want";
  }
  return formatMoney(product.priceCents, product.currency);
}

const typeLabel = (type: string) => PRODUCT_TYPES.find((option) => option.value === type)?.label ?? type;

/** The search and sort bar, a GET form so the address keeps the view and it works without JavaScript. */
export function ProductFilters({
  search,
  sort,
  sorts,
}: {
  search: string;
  sort: string;
  sorts: readonly SortOption[];
}) {
  return (
    <Form method="get" role="search" aria-label="Products" className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-0 flex-1 basis-56 gap-2">
        <Label htmlFor="product-search">Search by name</Label>
        <Input id="product-search" type="search" name="q" defaultValue={search} maxLength={100} autoComplete="off" />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="product-sort">Sort by</Label>
        <Select id="product-sort" name="sort" defaultValue={sort} options={sorts} submitOnChange />
      </div>
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" /> Search
      </Button>
    </Form>
  );
}

/** The creator's products with their figures and actions. */
export function ProductList({ products }: { products: readonly ProductRow[] }) {
  return (
    <ul className="grid gap-4">
      {products.map((product) => (
        <li key={product.id} className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-[6rem_1fr]">
          {product.coverId ? (
            <img
              src={coverPath(product.coverId)}
              alt=""
              className="aspect-square w-24 rounded-md border object-cover"
              loading="lazy"
            />
          ) : (
            <div className="grid aspect-square w-24 place-items-center rounded-md border bg-muted text-muted-foreground">
              <ImageOff aria-hidden="true" className="size-6" />
            </div>
          )}
          <div className="grid min-w-0 gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="min-w-0 break-words text-lg font-semibold">
                <Link to={productPath(product.id)} className="hover:underline">
                  {product.name}
                </Link>
              </h2>
              <ProductStatusBadge status={product.status} />
              <span className="text-xs font-semibold uppercase text-muted-foreground">{typeLabel(product.type)}</span>
            </div>
            <dl
              className={`grid gap-2 text-sm ${product.available === null ? "grid-cols-3" : "grid-cols-2 sm:grid-cols-4"}`}
            >
              <div>
                <dt className="text-muted-foreground">Price</dt>
                <dd className="font-semibold">{priceLabel(product)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Sales</dt>
                <dd className="font-semibold">{product.sales.toLocaleString("en-US")}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Revenue</dt>
                <dd className="font-semibold">{formatMoney(product.revenueCents, product.currency)}</dd>
              </div>
              {product.available === null ? null : (
                <div>
                  <dt className="text-muted-foreground">Stock</dt>
                  <dd className="font-semibold">{`${product.available.toLocaleString("en-US")} available`}</dd>
                </div>
              )}
            </dl>
            <div className="flex flex-wrap gap-2">
              <ButtonLink to={productPath(product.id)} size="sm" variant="outline">
                <Pencil aria-hidden="true" /> Edit<span className="sr-only"> {product.name}</span>
              </ButtonLink>
              <ProductActions product={product} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The empty state, leading to the first product. */
export function NoProducts() {
  return (
    <div className="grid place-items-center gap-4 rounded-lg border border-dashed p-10 text-center">
      <Package aria-hidden="true" className="size-10 text-muted-foreground" />
      <div>
        <h2 className="text-xl font-semibold">No products yet</h2>
        <p className="mt-1 text-muted-foreground">
          Add your first digital product: an e-book, a course, a template or anything else you make.
        </p>
      </div>
      <ButtonLink to={NEW_PRODUCT_PATH}>
        <Plus aria-hidden="true" /> New Product
      </ButtonLink>
    </div>
  );
}
