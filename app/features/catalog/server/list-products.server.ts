import { and, asc, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { orders, productCovers, products } from "~/features/catalog/schema.server";

/** The Product Manager's sort orders (issue 14.1); the first is the default. */
export const PRODUCT_SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "name", label: "Name (A–Z)" },
  { value: "price", label: "Price (low to high)" },
  { value: "sales", label: "Most sales" },
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number]["value"];
/** Longer searches are cut (a name is at most 100 characters anyway). */
export const PRODUCT_SEARCH_MAX = 100;

export type ProductListItem = {
  id: string;
  name: string;
  slug: string;
  type: string;
  status: string;
  pricing: string;
  priceCents: number;
  minPriceCents: number | null;
  currency: string;
  sales: number;
  revenueCents: number;
  coverId: string | null;
  createdAt: Date;
};

export function isProductSort(value: unknown): value is ProductSort {
  return PRODUCT_SORTS.some((sort) => sort.value === value);
}

/** `%`, `_` and `\` typed into the search are matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The creator's products with their sales (paid orders) and revenue (their sum, in minor units), matching
 * `search` in the name (case-insensitive) and sorted by `sort`; the smallest cover for the thumbnail.
 */
export async function listProducts(
  db: Database,
  userId: string,
  { search = "", sort = "newest" }: { search?: string; sort?: ProductSort } = {},
): Promise<ProductListItem[]> {
  const sales = db
    .select({
      productId: orders.productId,
      count: sql<number>`count(*)::int`.as("sales_count"),
      revenue: sql<number>`coalesce(sum(${orders.amountCents}), 0)::bigint`.as("sales_revenue"),
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .groupBy(orders.productId)
    .as("sales");
  const salesCount = sql<number>`coalesce(${sales.count}, 0)`;
  const orderBy: SQL[] = {
    newest: [desc(products.createdAt), desc(products.id)],
    name: [asc(sql`lower(${products.name})`), asc(products.createdAt)],
    price: [asc(products.priceCents), asc(sql`lower(${products.name})`)],
    sales: [desc(salesCount), desc(products.createdAt)],
  }[sort];
  const term = search.trim().slice(0, PRODUCT_SEARCH_MAX);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      type: products.type,
      status: products.status,
      pricing: products.pricing,
      priceCents: products.priceCents,
      minPriceCents: products.minPriceCents,
      currency: products.currency,
      sales: salesCount,
      revenueCents: sql<string>`coalesce(${sales.revenue}, 0)`,
      coverId: sql<
        string | null
      >`(select ${productCovers.id} from ${productCovers} where ${productCovers.productId} = ${products.id} order by ${productCovers.width} asc limit 1)`,
      createdAt: products.createdAt,
    })
    .from(products)
    .leftJoin(sales, eq(sales.productId, products.id))
    .where(and(eq(products.userId, userId), term ? ilike(products.name, containsPattern(term)) : undefined))
    .orderBy(...orderBy);
  return rows.map((row) => ({ ...row, sales: Number(row.sales), revenueCents: Number(row.revenueCents) }));
}
