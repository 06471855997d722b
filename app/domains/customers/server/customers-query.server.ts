import { type SQL, sql } from "drizzle-orm";
import { orderTitleSql } from "~/domains/orders/server/order-lines-sql.server";
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

/** The seller's customers as `customer_totals` rows, optionally filtered by email, for the list and the export. */
export function customerRows(
  sellerId: SQL,
  { search = null, email = null }: { search?: string | null; email?: string | SQL | null },
): SQL {
  return sql`(
    select t.email, t.first_paid_at as first_at, t.last_paid_at as last_at, t.orders, t.spent_cents,
      (select json_agg(json_build_object('currency', s.key, 'cents', s.value::bigint) order by s.value::bigint desc,
        s.key)
        from jsonb_each_text(t.spent) s) as spent
    from customer_totals t
    where t.user_id = ${sellerId}
      and ${search ? sql`strpos(t.email, ${search}) > 0` : sql`true`}
      and ${email ? sql`t.email = ${email}` : sql`true`}
  )`;
}

/** Each sort's key as SQL over customerRows' columns, each backed by an index. */
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
        from ${customerRows(sql`me.user_id`, { search })} c
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
          select o.id, o.status, ${orderTitleSql} as "productName", o.customer_email as "customerEmail",
            o.amount_cents as "amountCents",
            o.refunded_cents as "refundedCents", o.currency, o.discount_code as "discountCode",
              o.fulfilment_status as "fulfilmentStatus",
            o.created_at as "createdAt"
          from orders o
          where o.user_id = me.user_id and lower(o.customer_email) = ${lower}
            and ${after ? sql`(o.created_at, o.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql`true`}
          order by o.created_at desc, o.id desc
          limit ${ORDERS_PAGE_SIZE + 1}
        ) page)
      )
      from ${customerRows(sql`me.user_id`, { email: lower })} c
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
