import { sql } from "drizzle-orm";
import { completedProductFilesSql } from "~/domains/catalog/server/product-file-sql.server";
import {
  orderDigitalLinesSql,
  orderPhysicalLinesJsonSql,
  orderShipmentsJsonSql,
  purchaseOrdersSql,
} from "~/domains/orders/server/buyer-orders-sql.server";
import { orderTitleSql } from "~/domains/orders/server/order-lines-sql.server";
import type { Database } from "~/db/database.server";
import type { FulfilmentLine, Shipment } from "~/domains/orders/fulfilment-display";
import type { FulfilmentStatus } from "~/domains/orders/order-lines";
import type { OrderStatus } from "~/domains/orders/order-status";
import type { RevocationReason } from "../content/delivery-rules";
import { hashAccessToken } from "./issue-access-token.server";
import { isUuid } from "~/lib/text-formats";

export type PurchaseFile = { id: string; name: string; contentType: string; size: number };

export type Purchase = {
  orderId: string;
  productName: string;
  storeName: string;
  customerEmail: string;
  amountCents: number;
  refundedCents: number;
  discountCents: number;
  currency: string;
  /** When it was paid (ISO), else when it was ordered. */
  orderedAt: string;
  /** The product's completed files, in the creator's order. */
  files: PurchaseFile[];
  /** The goods to ship and their shipments; null when the order ships nothing. */
  shipping: { status: FulfilmentStatus; lines: FulfilmentLine[]; shipments: Shipment[] } | null;
};

/** What the download page shows: the purchase, or why not. */
export type PurchasePage =
  | { kind: "ok"; purchase: Purchase }
  /** A refund or a dispute took the access away (every page and link checks the order's state). */
  | { kind: "revoked"; reason: RevocationReason; productName: string }
  /** Not paid yet (the payment is still being confirmed). */
  | { kind: "pending"; productName: string }
  /** No such order, a wrong or expired token, or a token of another order: the same answer. */
  | { kind: "invalid" };

type Row = {
  order_id: string;
  status: OrderStatus;
  product_name: string;
  store_name: string;
  customer_email: string;
  amount_cents: number;
  refunded_cents: number;
  discount_cents: number;
  currency: string;
  ordered_at: string;
  files: PurchaseFile[];
  fulfilment_status: FulfilmentStatus;
  lines: FulfilmentLine[] | null;
  shipments: Shipment[];
};

/** The shape of issueAccessToken's tokens; anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The buyer's download page of an order, by its access token's hash; refunded or disputed orders are revoked. */
export async function readPurchase(
  db: Database,
  input: { orderId: string; token: string | null },
): Promise<PurchasePage> {
  if (!isUuid(input.orderId) || !input.token || !TOKEN.test(input.token)) return { kind: "invalid" };
  const result = await db.execute<Row>(sql`
    select o.id as order_id, o.status, ${orderTitleSql} as product_name, o.store_name, o.customer_email, o.amount_cents,
      o.refunded_cents,
      o.discount_cents, o.currency, coalesce(o.paid_at, o.created_at) as ordered_at,
      coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'contentType', f.content_type, 'size',
        f.size)
          order by l.position, l.id, f.position, f.created_at)
        from (${orderDigitalLinesSql}) l join (${completedProductFilesSql}) f on f.product_id = l.product_id),
        '[]'::json)
        as files,
      o.fulfilment_status, ${orderPhysicalLinesJsonSql} as lines, ${orderShipmentsJsonSql} as shipments
    from order_access_tokens t join (${purchaseOrdersSql}) o on o.id = t.order_id
    where t.token_hash = ${hashAccessToken(input.token)} and t.order_id = ${input.orderId}::uuid
      and (t.expires_at is null or t.expires_at > now())`);
  const row = result.rows[0];
  if (!row) return { kind: "invalid" };
  if (row.status === "refunded" || row.status === "disputed")
    return { kind: "revoked", reason: row.status, productName: row.product_name };
  if (row.status === "pending") return { kind: "pending", productName: row.product_name };
  if (row.status !== "paid") return { kind: "invalid" };
  return {
    kind: "ok",
    purchase: {
      orderId: row.order_id,
      productName: row.product_name,
      storeName: row.store_name,
      customerEmail: row.customer_email,
      amountCents: row.amount_cents,
      refundedCents: row.refunded_cents,
      discountCents: row.discount_cents,
      currency: row.currency,
      orderedAt: new Date(row.ordered_at).toISOString(),
      files: row.files.map((file) => ({ ...file, size: Number(file.size) })),
      shipping: row.lines ? { status: row.fulfilment_status, lines: row.lines, shipments: row.shipments } : null,
    },
  };
}
