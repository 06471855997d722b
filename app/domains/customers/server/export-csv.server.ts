import { type SQL, sql } from "drizzle-orm";
import { orderLinesTextSql } from "~/domains/orders/server/order-lines-sql.server";
import type { Database } from "~/db/database.server";
import { CUSTOMER_SORT_KEYS } from "./customers-query.server";
import { customerTotalRowsSql, keptFeeSql, sellerOrdersSql } from "~/domains/orders/server/customer-orders-sql.server";
import { ORDER_FILTER_SQL } from "~/domains/orders/server/seller-orders-query.server";
import type { FulfilmentFilter } from "~/domains/orders/fulfilment-display";
import type { OrderDisplayStatus } from "~/domains/orders/order-display";
import { csvRecord, decimalAmount, textCell } from "~/lib/csv";
import { PgDialect } from "drizzle-orm/pg-core";
import { to as copyTo } from "pg-copy-streams";
import { poolOf } from "~/db/pool-of.server";

/** Rows per cursor fetch (and per chunk of CSV) of the customers export. */
export const EXPORT_BATCH_ROWS = 500;

/** Where the CSV goes, a chunk at a time: resolves when the next chunk may be written, throws to stop. */
export type CsvSink = (chunk: string | Buffer) => Promise<void>;

/** `query`'s rows through a read-only cursor, fetching each next batch only once `batch` has taken the last. */
async function eachBatch<Row extends Record<string, unknown>>(
  db: Database,
  query: SQL,
  batch: (rows: Row[]) => Promise<void>,
): Promise<void> {
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`declare export_rows no scroll cursor for ${query}`);
      for (;;) {
        const { rows } = await tx.execute<Row>(sql.raw(`fetch forward ${EXPORT_BATCH_ROWS} from export_rows`));
        if (!rows.length) return;
        await batch(rows as Row[]);
      }
    },
    { accessMode: "read only" },
  );
}

const utc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
/** The instant in a zone: a name (bound as a parameter) or SQL that yields one (COPY's `current_setting`). */
const local = (column: SQL, zone: SQL | string) =>
  sql`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/** textCell in SQL: formula starts get an apostrophe, line breaks become LF, empty text becomes NULL. */
const csvText = (value: SQL) =>
  sql`nullif(regexp_replace(case when ${value} ~ E'^[-=+@\\t\\r]' then '''' || ${value} else ${value} end, E'\\r\\n?', E'\\n', 'g'), '')`;
/** decimalAmount in SQL: minor units as "12.50", "-0.05". */
const sqlAmount = (minor: SQL) => sql`((${minor})::numeric / 100)::numeric(20, 2)::text`;

const DISPLAY_STATUS = sql`case when o.status = 'paid' and o.refunded_cents > 0 then 'partly_refunded' else o.status end`;

const dialect = new PgDialect();

/** A statement's text for COPY, which takes no parameters, so varying values come from settings. */
function copyText(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (params.length > 0) throw new Error("a COPY statement cannot take parameters");
  return text;
}

/** COPY's LF-ended records with RFC 4180's CRLF: a CR before every LF, since fields hold LF only. */
export function toCrlf(chunk: Buffer): Buffer {
  let lines = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  if (lines === 0) return chunk;
  const out = Buffer.allocUnsafe(chunk.length + lines);
  let from = 0;
  let to = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) {
    to += chunk.copy(out, to, from, at);
    out[to++] = 13;
    out[to++] = 10;
    from = at + 1;
  }
  chunk.copy(out, to, from);
  return out;
}

/** `query` as CSV from PostgreSQL's COPY to `write` at the client's pace; a connection cut mid-COPY is closed. */
async function copyCsv(db: Database, settings: Record<string, string>, query: SQL, write: CsvSink): Promise<void> {
  const client = await poolOf(db).connect();
  let failure: Error | undefined;
  try {
    await client.query("begin read only");
    const names = Object.keys(settings);
    await client.query(
      `select ${names.map((_, index) => `set_config($${index * 2 + 1}, $${index * 2 + 2}, true)`).join(", ")}`,
      names.flatMap((name) => [name, settings[name]]),
    );
    const stream = client.query(copyTo(`copy (${copyText(query)}) to stdout with (format csv)`));
    for await (const chunk of stream) await write(toCrlf(chunk as Buffer));
    await client.query("commit");
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(failure);
  }
}

const SELLER = sql`current_setting('sellkit.export_seller')`;
const ZONE = sql`current_setting('sellkit.export_zone')`;

/**
 * The seller's orders as CSV, newest first, by /orders' status and fulfilment filters; net subtracts refunds and the
 * kept fee.
 */
export async function exportOrdersCsv(
  db: Database,
  sellerId: string,
  {
    status,
    fulfilment = null,
    timeZone,
  }: { status: OrderDisplayStatus | null; fulfilment?: FulfilmentFilter | null; timeZone: string },
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
  const fee = keptFeeSql;
  const query = sql`
    select o.id, ${utc(sql`o.created_at`)}, ${local(sql`o.created_at`, ZONE)}, ${utc(sql`o.paid_at`)},
      ${DISPLAY_STATUS}, ${csvText(orderLinesTextSql)}, ${csvText(sql`o.customer_email`)}, ${csvText(sql`o.currency`)},
      ${sqlAmount(sql`o.subtotal_cents`)}, ${sqlAmount(sql`o.discount_cents`)}, ${csvText(sql`o.discount_code`)}, ${sqlAmount(sql`o.amount_cents`)},
      ${sqlAmount(fee)}, ${sqlAmount(sql`o.refunded_cents`)}, ${sqlAmount(sql`o.amount_cents - o.refunded_cents - ${fee}`)}
    from ${sellerOrdersSql(SELLER)} o
    where ${status ? ORDER_FILTER_SQL[status] : sql`true`}
      and ${fulfilment ? sql`o.fulfilment_status = current_setting('sellkit.export_fulfilment')` : sql`true`}
    order by o.created_at desc, o.id desc`;
  const settings = { "sellkit.export_seller": sellerId, "sellkit.export_zone": timeZone };
  await copyCsv(db, fulfilment ? { ...settings, "sellkit.export_fulfilment": fulfilment } : settings, query, write);
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

/** The seller's customers as CSV, latest purchase first: one record per customer and currency they paid in. */
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
    from ${customerTotalRowsSql(sql`${sellerId}`, { search })} c
    order by ${key} desc, c.email desc`;
  await eachBatch<CustomerRow>(db, query, async (rows) => {
    let chunk = "";
    for (const row of rows) {
      const head = [textCell(row.email), row.first_utc, row.first_local, row.last_utc, row.last_local, row.orders];
      for (const spent of row.spent)
        chunk += csvRecord([...head, textCell(spent.currency), decimalAmount(spent.cents)]);
    }
    await write(chunk);
  });
}

type SubscriberRow = {
  email: string;
  source: string;
  consented_utc: string;
  consented_local: string;
  consent_text: string;
  unsubscribed_utc: string | null;
};

/** The seller's subscribers as CSV, newest sign-up first: where, when and to what they agreed, and when they left. */
export async function exportSubscribersCsv(
  db: Database,
  sellerId: string,
  { timeZone }: { timeZone: string },
  write: CsvSink,
): Promise<void> {
  await write(
    csvRecord([
      "email",
      "source",
      "signed_up_utc",
      textCell(`signed_up_local (${timeZone})`),
      "consent_text",
      "unsubscribed_utc",
    ]),
  );
  const query = sql`
    select s.email, s.source, ${utc(sql`s.consented_at`)} as consented_utc,
      ${local(sql`s.consented_at`, timeZone)} as consented_local, s.consent_text, ${utc(sql`s.unsubscribed_at`)} as unsubscribed_utc
    from customer_subscribers s
    where s.seller_id = ${sellerId}
    order by s.consented_at desc, s.id desc`;
  await eachBatch<SubscriberRow>(db, query, async (rows) => {
    let chunk = "";
    for (const row of rows)
      chunk += csvRecord([
        textCell(row.email),
        textCell(row.source),
        row.consented_utc,
        row.consented_local,
        textCell(row.consent_text),
        row.unsubscribed_utc ?? "",
      ]);
    await write(chunk);
  });
}
