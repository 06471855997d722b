import { type SQL, sql } from "drizzle-orm";
import type { PageQuery } from "~/features/accounts/server/page-query.server";
import { CUSTOMERS_PAGE_SIZE, type CustomerDetail, type CustomerListItem, type CustomerSort } from "~/features/orders/customer-display";
import { ORDERS_PAGE_SIZE, type OrderListItem } from "~/features/orders/order-display";
import type { OrdersCursor } from "./seller-orders-query.server";

// The seller's customers pages (issue 16.4) read inside the session check's one statement (page-query.server.ts):
// one database round trip per page. `me.user_id` is the signed-in seller; only their own orders are ever read.
// Which orders make a customer and what counts as spent: app/features/orders/customer-display.ts.

/** The orders that make a customer: every order that was paid (see customer-display.ts). */
export const CUSTOMER_ORDER_STATUSES = sql`('paid', 'refunded', 'disputed')`;

/**
 * Where a page of the customers list starts: after the last customer of the previous page in the chosen order —
 * by last purchase: their latest order (its time and id); by spent or orders: that figure and their email.
 */
export type CustomersCursor = { value: string; tie: string };

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)$/;
const INTEGER = /^-?\d{1,18}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `after` parameter ("<sort value>~<order id or email>") as a cursor for `sort`; null when absent or not one. */
export function parseCustomersCursor(sort: CustomerSort, value: string | null): CustomersCursor | null {
  if (!value) return null;
  const at = value.indexOf("~");
  if (at <= 0) return null;
  const key = value.slice(0, at);
  const tie = value.slice(at + 1);
  if (sort === "last") return TIMESTAMP.test(key) && UUID.test(tie) ? { value: key, tie } : null;
  return INTEGER.test(key) && tie && tie.length <= 320 ? { value: key, tie } : null;
}

export function customersCursorParam(sort: CustomerSort, customer: CustomerListItem): string {
  if (sort === "last") return `${customer.lastPurchaseAt}~${customer.lastOrderId}`;
  return `${sort === "spent" ? customer.spentCents : customer.orders}~${customer.email}`;
}

/**
 * The seller's customers as rows (email, first_at, last_at, orders, spent_cents, spent): one per buyer email
 * (lower-cased) of `sellerId`'s paid orders, optionally only emails containing `search`. Per currency first, then
 * per customer; `email`: that customer only. Used by the list page (inside the session statement) and by the CSV export.
 */
export function customerRows(sellerId: SQL, { search = null, email = null }: { search?: string | null; email?: string | SQL | null }): SQL {
  return sql`(
    select per.email, min(per.first_at) as first_at, max(per.last_at) as last_at, sum(per.orders)::int as orders,
      sum(per.spent)::bigint as spent_cents,
      json_agg(json_build_object('currency', per.currency, 'cents', per.spent) order by per.spent desc, per.currency) as spent
    from (
      select lower(o.customer_email) as email, o.currency, min(o.created_at) as first_at, max(o.created_at) as last_at, count(*) as orders,
        coalesce(sum(o.amount_cents - o.refunded_cents) filter (where o.status = 'paid'), 0)::bigint as spent
      from orders o
      where o.user_id = ${sellerId} and o.status in ${CUSTOMER_ORDER_STATUSES}
        and ${search ? sql`strpos(lower(o.customer_email), ${search}) > 0` : sql`true`}
        and ${email ? sql`lower(o.customer_email) = ${email}` : sql`true`}
      group by lower(o.customer_email), o.currency
    ) per
    group by per.email
  )`;
}

/** The sort key of each order, as SQL over customerRows' columns. */
export const CUSTOMER_SORT_KEYS: Record<CustomerSort, { key: SQL; cast: SQL }> = {
  last: { key: sql`c.last_at`, cast: sql`timestamptz` },
  spent: { key: sql`c.spent_cents`, cast: sql`bigint` },
  orders: { key: sql`c.orders`, cast: sql`int` },
};

const listColumns = sql`c.email, c.first_at as "firstPurchaseAt", c.last_at as "lastPurchaseAt", c.orders, c.spent, c.spent_cents::float8 as "spentCents"`;

/**
 * One page of the seller's customers in `sort` order, largest (or latest) first, with one more row than a page to
 * tell whether another page follows.
 *
 * By last purchase (the default) it stays fast on large stores: the seller's counted orders are walked newest
 * first (orders_user_created_idx), keeping each order that is its buyer's latest (no newer counted order with that
 * email: orders_customer_email_idx), until a page is full; only those customers are then added up. The keyset is
 * that latest order (time, id). By total spent or orders every customer must be added up first (the whole store's
 * orders, ties by email): seconds on a store of a million orders (bench/export.mjs).
 */
export function sellerCustomersQuery(
  sort: CustomerSort,
  search: string | null,
  after: CustomersCursor | null,
): PageQuery<{ customers: CustomerListItem[]; more: boolean }> {
  const read = (json: unknown) => {
    const rows = json as CustomerListItem[];
    return { customers: rows.slice(0, CUSTOMERS_PAGE_SIZE), more: rows.length > CUSTOMERS_PAGE_SIZE };
  };
  if (sort === "last") {
    return {
      json: sql`(
        select coalesce(json_agg(row_to_json(page) order by page."lastPurchaseAt" desc, page."lastOrderId" desc), '[]'::json) from (
          select ${listColumns}, latest.id as "lastOrderId"
          from (
            select o.id, lower(o.customer_email) as email
            from orders o
            where o.user_id = me.user_id and o.status in ${CUSTOMER_ORDER_STATUSES}
              and ${search ? sql`strpos(lower(o.customer_email), ${search}) > 0` : sql`true`}
              and ${after ? sql`(o.created_at, o.id) < (${after.value}::timestamptz, ${after.tie}::uuid)` : sql`true`}
              and not exists (
                select 1 from orders n
                where lower(n.customer_email) = lower(o.customer_email) and n.user_id = o.user_id and n.status in ${CUSTOMER_ORDER_STATUSES}
                  and (n.created_at, n.id) > (o.created_at, o.id)
              )
            order by o.created_at desc, o.id desc
            limit ${CUSTOMERS_PAGE_SIZE + 1}
          ) latest
          cross join lateral ${customerRows(sql`me.user_id`, { email: sql`latest.email` })} c
        ) page
      )`,
      read,
    };
  }
  const { key, cast } = CUSTOMER_SORT_KEYS[sort];
  return {
    json: sql`(
      select coalesce(json_agg(row_to_json(page)), '[]'::json) from (
        select ${listColumns}
        from ${customerRows(sql`me.user_id`, { search })} c
        where ${after ? sql`(${key}, c.email) < (${after.value}::${cast}, ${after.tie})` : sql`true`}
        order by ${key} desc, c.email desc
        limit ${CUSTOMERS_PAGE_SIZE + 1}
      ) page
    )`,
    read,
  };
}

/**
 * One customer of the seller (`email`, any case) with a page of their orders of every status, newest first
 * (keyset: after `after`); null when they have no paid order with this seller.
 */
export function sellerCustomerQuery(email: string, after: OrdersCursor | null): PageQuery<CustomerDetail | null> {
  const lower = email.toLowerCase();
  return {
    json: sql`(
      select json_build_object('email', c.email, 'firstPurchaseAt', c.first_at, 'lastPurchaseAt', c.last_at, 'orders', c.orders,
        'spent', c.spent, 'spentCents', c.spent_cents,
        'orderList', (select coalesce(json_agg(row_to_json(page) order by page."createdAt" desc, page.id desc), '[]'::json) from (
          select o.id, o.status, o.product_name as "productName", o.customer_email as "customerEmail", o.amount_cents as "amountCents",
            o.refunded_cents as "refundedCents", o.currency, o.discount_code as "discountCode", o.created_at as "createdAt"
          from orders o
          where o.user_id = me.user_id and lower(o.customer_email) = ${lower}
            and ${after ? sql`(o.created_at, o.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql`true`}
          order by o.created_at desc, o.id desc
          limit ${ORDERS_PAGE_SIZE + 1}
        ) page)
      )
      from ${customerRows(sql`me.user_id`, { email: lower })} c
    )`,
    read: (json) => {
      if (!json) return null;
      const detail = json as Omit<CustomerDetail, "more"> & { orderList: OrderListItem[] };
      return {
        ...detail,
        spentCents: Number(detail.spentCents),
        orderList: detail.orderList.slice(0, ORDERS_PAGE_SIZE),
        more: detail.orderList.length > ORDERS_PAGE_SIZE,
      };
    },
  };
}
