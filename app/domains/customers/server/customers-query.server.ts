import { type SQL, sql } from "drizzle-orm";
import { customerOrderRowsSql, customerTotalRowsSql } from "~/domains/orders/server/customer-orders-sql.server";
import { pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import {
  CUSTOMERS_PAGE_SIZE,
  type CustomerDetail,
  type CustomerListItem,
  type CustomerSort,
} from "~/domains/customers/customer-display";
import { ORDERS_PAGE_SIZE, type OrderListItem } from "~/domains/orders/order-display";
import { hasControlCharacter, isTimestamp } from "~/lib/text-formats";
import type { OrdersCursor } from "~/domains/orders/server/seller-orders-query.server";

// Read inside the session check's one statement; only the signed-in seller's rows, every sort along an index.

/** Where a page of the customers list starts: after the previous page's last customer, by sort figure then email. */
export type CustomersCursor = { value: string; tie: string };

const INTEGER = /^-?\d{1,18}$/;

/** The `after` parameter ("<sort value>~<email>") as a cursor for `sort`; null when absent or not one. */
export function parseCustomersCursor(sort: CustomerSort, value: string | null): CustomersCursor | null {
  if (!value) return null;
  const at = value.indexOf("~");
  if (at <= 0) return null;
  const key = value.slice(0, at);
  const tie = value.slice(at + 1);
  // The tie is an email as stored: never a control character (PostgreSQL text cannot hold a NUL).
  if (!tie || tie.length > 320 || hasControlCharacter(tie)) return null;
  return (sort === "last" ? isTimestamp(key) : INTEGER.test(key)) ? { value: key, tie } : null;
}

/** The `after` parameter that continues the customers list after `customer` in `sort` order. */
export function customersCursorParam(sort: CustomerSort, customer: CustomerListItem): string {
  const value = sort === "last" ? customer.lastPurchaseAt : sort === "spent" ? customer.spentCents : customer.orders;
  return `${value}~${customer.email}`;
}

/** Each sort's key as SQL over customerTotalRowsSql's columns, each backed by an index. */
export const CUSTOMER_SORT_KEYS: Record<CustomerSort, { key: SQL; cast: SQL }> = {
  last: { key: sql`c.last_at`, cast: sql`timestamptz` },
  spent: { key: sql`c.spent_cents`, cast: sql`bigint` },
  orders: { key: sql`c.orders`, cast: sql`int` },
};

const listColumns = sql`c.email, c.first_at as "firstPurchaseAt", c.last_at as "lastPurchaseAt", c.orders, c.spent, c.spent_cents::float8 as "spentCents"`;

/** One page of the seller's customers in `sort` order plus one row, telling whether another page follows. */
export function sellerCustomersQuery(
  sort: CustomerSort,
  search: string | null,
  after: CustomersCursor | null,
): PageQuery<{ customers: CustomerListItem[]; more: boolean }> {
  const { key, cast } = CUSTOMER_SORT_KEYS[sort];
  const json = sql<CustomerListItem[]>`(
      select coalesce(json_agg(row_to_json(page)), '[]'::json) from (
        select ${listColumns}
        from ${customerTotalRowsSql(sql`me.user_id`, { search })} c
        where ${after ? sql`(${key}, c.email) < (${after.value}::${cast}, ${after.tie})` : sql`true`}
        order by ${key} desc, c.email desc
        limit ${CUSTOMERS_PAGE_SIZE + 1}
      ) page
    )`;
  return pagePart(json, (rows) => ({
    customers: rows.slice(0, CUSTOMERS_PAGE_SIZE),
    more: rows.length > CUSTOMERS_PAGE_SIZE,
  }));
}

/** One customer of the seller with a page of their orders, newest first; null when no sale to them counts. */
export function sellerCustomerQuery(email: string, after: OrdersCursor | null): PageQuery<CustomerDetail | null> {
  const lower = email.toLowerCase();
  const json = sql<(Omit<CustomerDetail, "more"> & { orderList: OrderListItem[] }) | null>`(
      select json_build_object('email', c.email, 'firstPurchaseAt', c.first_at, 'lastPurchaseAt', c.last_at, 'orders',
        c.orders,
        'spent', c.spent, 'spentCents', c.spent_cents,
        'subscription', (select json_build_object('source', s.source, 'consentedAt', s.consented_at, 'unsubscribedAt',
          s.unsubscribed_at)
          from customer_subscribers s where s.seller_id = me.user_id and s.email = c.email),
        'orderList', (select coalesce(json_agg(row_to_json(page) order by page."createdAt" desc, page.id desc),
          '[]'::json) from (
          ${customerOrderRowsSql(sql`me.user_id`, lower, after, ORDERS_PAGE_SIZE + 1)}
        ) page)
      )
      from ${customerTotalRowsSql(sql`me.user_id`, { email: lower })} c
    )`;
  return pagePart(json, (detail) =>
    detail
      ? {
          ...detail,
          spentCents: Number(detail.spentCents),
          orderList: detail.orderList.slice(0, ORDERS_PAGE_SIZE),
          more: detail.orderList.length > ORDERS_PAGE_SIZE,
        }
      : null,
  );
}
