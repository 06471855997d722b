import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { CUSTOMER_SORT_KEYS, customerRows } from "./customers-query.server";
import { ORDER_FILTER_SQL } from "./seller-orders-query.server";
import type { OrderDisplayStatus } from "~/features/orders/order-display";
import { csvRecord, decimalAmount, textCell } from "./csv.server";

// The CSV exports of the seller's orders and customers (issue 16.4), any size: one READ ONLY transaction with a
// server-side cursor (one consistent snapshot), fetched EXPORT_BATCH_ROWS at a time; each batch becomes one chunk
// of CSV text, and the next batch is fetched only once the sink took it (the HTTP response drained). Memory
// stays one batch, whatever the store's size. The transaction holds one pool connection for the export's length. Dates: ISO 8601 UTC, and the same instant in the seller's time zone.

/** Rows per cursor fetch (and per chunk of CSV). */
export const EXPORT_BATCH_ROWS = 500;

/** Where the CSV goes, a chunk at a time: resolves when the next chunk may be written (backpressure); throws to stop. */
export type CsvSink = (chunk: string) => Promise<void>;

/**
 * `query`'s rows, a batch at a time, through a cursor in a read-only transaction: each batch is handed to `batch`
 * and the next one is fetched only once it has been taken (a throw stops the export and ends the transaction).
 */
async function eachBatch<Row>(db: Database, query: SQL, batch: (rows: Row[]) => Promise<void>): Promise<void> {
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`declare export_rows no scroll cursor for ${query}`);
      for (;;) {
        const { rows } = (await tx.execute(sql.raw(`fetch forward ${EXPORT_BATCH_ROWS} from export_rows`))) as unknown as { rows: Row[] };
        if (!rows.length) return;
        await batch(rows);
      }
    },
    { accessMode: "read only" },
  );
}

const utc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const local = (column: SQL, timeZone: string) => sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/**
 * textCell (csv.server.ts) in SQL, for the orders export: Postgres writes each record as one text, so a million
 * orders cost the server a million strings rather than a million row objects of fifteen fields (the garbage of
 * which grew the heap past the export's memory budget). Same rules: formula start → apostrophe; quotes doubled.
 */
const sqlTextCell = (value: SQL) => sql`(case when ${value} ~ E'^[-=+@\\t\\r]' then '''' || ${value} else coalesce(${value}, '') end)`;
const sqlQuoted = (value: SQL) => {
  const safe = sqlTextCell(value);
  return sql`(case when ${safe} ~ E'[",\\r\\n]' then '"' || replace(${safe}, '"', '""') || '"' else ${safe} end)`;
};
/** decimalAmount in SQL: minor units as "12.50", "-0.05". */
const sqlAmount = (minor: SQL) => sql`((${minor})::numeric / 100)::numeric(20, 2)::text`;

const DISPLAY_STATUS = sql`case when o.status = 'paid' and o.refunded_cents > 0 then 'partly_refunded' else o.status end`;

/**
 * The seller's orders as CSV, newest first, honouring /orders' status filter (null: all), the header first.
 * Net is what the seller keeps: amount − refunded − (platform fee − the fee refunded with refunds).
 */
export async function exportOrdersCsv(
  db: Database,
  sellerId: string,
  { status, timeZone }: { status: OrderDisplayStatus | null; timeZone: string },
  write: CsvSink,
): Promise<void> {
  await write(
    csvRecord([
      "order_id",
      "created_at_utc",
      textCell(`created_at_local (${timeZone})`),
      "paid_at_utc",
      "status",
      "product",
      "buyer_email",
      "currency",
      "subtotal",
      "discount",
      "discount_code",
      "amount",
      "platform_fee",
      "refunded",
      "net",
    ]),
  );
  const fee = sql`(o.platform_fee_cents - coalesce((select sum(r.fee_refunded_cents) from refunds r where r.order_id = o.id and r.status = 'succeeded'), 0))`;
  const query = sql`
    select concat_ws(',', o.id::text, ${utc(sql`o.created_at`)}, ${local(sql`o.created_at`, timeZone)}, coalesce(${utc(sql`o.paid_at`)}, ''),
      ${DISPLAY_STATUS}, ${sqlQuoted(sql`o.product_name`)}, ${sqlQuoted(sql`o.customer_email`)}, ${sqlQuoted(sql`o.currency`)},
      ${sqlAmount(sql`o.subtotal_cents`)}, ${sqlAmount(sql`o.discount_cents`)}, ${sqlQuoted(sql`o.discount_code`)}, ${sqlAmount(sql`o.amount_cents`)},
      ${sqlAmount(fee)}, ${sqlAmount(sql`o.refunded_cents`)}, ${sqlAmount(sql`o.amount_cents - o.refunded_cents - ${fee}`)}) as line
    from orders o
    where o.user_id = ${sellerId} and ${status ? ORDER_FILTER_SQL[status] : sql`true`}
    order by o.created_at desc, o.id desc`;
  await eachBatch<{ line: string }>(db, query, async (rows) => {
    let chunk = "";
    for (const row of rows) chunk += `${row.line}\r\n`;
    await write(chunk);
  });
}

type CustomerRow = {
  email: string;
  first_utc: string;
  first_local: string;
  last_utc: string;
  last_local: string;
  orders: number;
  spent: { currency: string; cents: number }[];
};

/**
 * The seller's customers as CSV (who counts and what counts as spent: customer-display.ts), latest purchase first,
 * optionally only emails containing `search`: one record per customer and currency they paid in (a customer who
 * paid in two currencies has two records, each with that currency's total; the order count is the customer's).
 */
export async function exportCustomersCsv(
  db: Database,
  sellerId: string,
  { search, timeZone }: { search: string | null; timeZone: string },
  write: CsvSink,
): Promise<void> {
  await write(
    csvRecord([
      "email",
      "first_purchase_utc",
      textCell(`first_purchase_local (${timeZone})`),
      "last_purchase_utc",
      textCell(`last_purchase_local (${timeZone})`),
      "orders",
      "currency",
      "total_spent",
    ]),
  );
  const { key } = CUSTOMER_SORT_KEYS.last;
  const query = sql`
    select c.email, ${utc(sql`c.first_at`)} as first_utc, ${local(sql`c.first_at`, timeZone)} as first_local,
      ${utc(sql`c.last_at`)} as last_utc, ${local(sql`c.last_at`, timeZone)} as last_local, c.orders, c.spent
    from ${customerRows(sql`${sellerId}`, { search })} c
    order by ${key} desc, c.email desc`;
  await eachBatch<CustomerRow>(db, query, async (rows) => {
    let chunk = "";
    for (const row of rows) {
      const head = [textCell(row.email), row.first_utc, row.first_local, row.last_utc, row.last_local, row.orders];
      for (const spent of row.spent) chunk += csvRecord([...head, textCell(spent.currency), decimalAmount(spent.cents)]);
    }
    await write(chunk);
  });
}
