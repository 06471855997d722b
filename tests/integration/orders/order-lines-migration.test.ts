import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase } from "~/db/open-database.server";
import { runPageQuery } from "~/kernel/session/run-page-query.server";
import { analyticsQuery } from "~/domains/analytics/server/analytics-query.server";
import { exportCustomersCsv, exportOrdersCsv } from "~/domains/customers/server/export-csv.server";
import { authorizeDownload } from "~/domains/delivery/server/authorize-download.server";
import { signDownload } from "~/domains/delivery/server/download-signature.server";
import { refreshCustomerTotals } from "~/domains/orders/server/refresh-customer-totals.server";
import { createEmptyPostgresDatabase } from "../../support/test-database";

// A store's orders written under the schema of migration 0018 (one product per order in orders.product_id and
// product_name) in every state, with partial refunds, a discount, a deleted product and downloads; migrated to the
// latest schema, its totals, customers, analytics and CSV exports read the same, and each order is one line.

const FOLDER = path.resolve("drizzle");
const JOURNAL = JSON.parse(readFileSync(path.join(FOLDER, "meta/_journal.json"), "utf8")) as {
  entries: { idx: number; tag: string; when: number }[];
};
const LAST_OLD = 18;

let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
let handle: Awaited<ReturnType<typeof openDatabase>>;
const seller = randomUUID();
const buyers = ["ann@example.com", "bob@example.com", "cat@example.com"];

/** Applies migrations 0000…0018 as the migrator does, each in a transaction, and records them as applied. */
async function migrateUpTo(url: string, last: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema if not exists drizzle`);
    await client.query(
      `create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    for (const entry of JOURNAL.entries.filter((e) => e.idx <= last)) {
      const text = readFileSync(path.join(FOLDER, `${entry.tag}.sql`), "utf8");
      await client.query("begin");
      for (const statement of text.split("--> statement-breakpoint")) {
        if (statement.trim()) await client.query(statement);
      }
      await client.query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)`, [
        createHash("sha256").update(text).digest("hex"),
        entry.when,
      ]);
      await client.query("commit");
    }
  } finally {
    await client.end();
  }
}

/** The store under the old schema: two products (one deleted later), orders of every state, refunds and downloads. */
async function seedOldOrders(): Promise<void> {
  const db = handle.db;
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${seller}, 'Ada', 'ada-migration@example.com', true)`,
  );
  await db.execute(
    sql`insert into sales_methods (user_id, method, settings) values (${seller}, 'online_store', ${JSON.stringify({ storeName: "Ada's Shop", currency: "USD" })}::jsonb)`,
  );
  const product = async (name: string) =>
    (
      await db.execute<{ id: string }>(sql`
        insert into products (user_id, name, slug, price_cents, currency, status)
        values (${seller}, ${name}, ${name.toLowerCase().replace(/ /g, "-")}, 1000, 'USD', 'published') returning id`)
    ).rows[0]!.id;
  const guide = await product("Field Guide");
  const course = await product("Old Course");
  const file = (
    await db.execute<{ id: string }>(sql`
      insert into product_files (product_id, user_id, upload_id, name, content_type, size, sha256, completed_at)
      values (${guide}, ${seller}, ${randomUUID()}, 'guide.pdf', 'application/pdf', 10, ${"0".repeat(64)}, now()) returning id`)
  ).rows[0]!.id;
  type Old = {
    product: string;
    name: string;
    email: string;
    status: string;
    subtotal: number;
    discount?: number;
    code?: string;
    refunded?: number;
    day: number;
  };
  const old: Old[] = [
    { product: guide, name: "Field Guide", email: buyers[0]!, status: "paid", subtotal: 1000, day: 1 },
    { product: guide, name: "Field Guide", email: buyers[0]!, status: "paid", subtotal: 1000, refunded: 300, day: 2 },
    {
      product: guide,
      name: "Field Guide",
      email: buyers[1]!,
      status: "paid",
      subtotal: 1000,
      discount: 200,
      code: "SAVE20",
      day: 2,
    },
    {
      product: course,
      name: "Old Course",
      email: buyers[1]!,
      status: "refunded",
      subtotal: 2500,
      refunded: 2500,
      day: 3,
    },
    { product: course, name: "Old Course", email: buyers[2]!, status: "disputed", subtotal: 2500, day: 3 },
    { product: guide, name: "Field Guide", email: buyers[2]!, status: "pending", subtotal: 1000, day: 4 },
    { product: guide, name: "Field Guide", email: buyers[2]!, status: "expired", subtotal: 1000, day: 4 },
    { product: course, name: "Old Course", email: buyers[2]!, status: "paid", subtotal: 2500, refunded: 500, day: 5 },
  ];
  for (const order of old) {
    const paid = order.status !== "pending" && order.status !== "expired";
    const amount = order.subtotal - (order.discount ?? 0);
    const id = (
      await db.execute<{ id: string }>(sql`
        insert into orders (user_id, product_id, product_name, store_name, customer_email, status, subtotal_cents,
          discount_cents,
          amount_cents, platform_fee_cents, refunded_cents, currency, discount_code, provider, created_at, paid_at)
        values (${seller}, ${order.product}::uuid, ${order.name}, 'Ada''s Shop', ${order.email}, ${order.status},
          ${order.subtotal},
          ${order.discount ?? 0}, ${amount}, ${Math.round(amount * 0.08)}, ${order.refunded ?? 0}, 'USD',
            ${order.code ?? null}, 'test',
          now() - make_interval(days => ${order.day}), ${paid ? sql`now() - make_interval(days => ${order.day})` : null})
        returning id`)
    ).rows[0]!.id;
    if (order.refunded) {
      await db.execute(sql`
        insert into refunds (order_id, amount_cents, fee_refunded_cents, status) values (${id}::uuid, ${order.refunded}, 0, 'succeeded')`);
    }
    if (order.status === "paid") {
      await db.execute(sql`insert into delivery_events (order_id, kind) values (${id}::uuid, 'receipt')`);
      await db.execute(
        sql`insert into delivery_events (order_id, kind, file_id) values (${id}::uuid, 'download', ${file}::uuid)`,
      );
    }
    await refreshCustomerTotals(db, id);
  }
  // The course is deleted: its orders keep its name, their product id set to null.
  await db.execute(sql`delete from products where id = ${course}::uuid`);
  await db.execute(sql`select analytics_rebuild_rollups()`);
}

/** What must not change: order totals by state, customers, the sales rollups and the customers CSV. */
async function figures() {
  const db = handle.db;
  const totals = await db.execute(sql`
    select status, count(*)::int as orders, sum(subtotal_cents)::int as subtotal, sum(discount_cents)::int as discount,
      sum(amount_cents)::int as amount, sum(refunded_cents)::int as refunded
    from orders where user_id = ${seller} group by status order by status`);
  const customers = await db.execute(
    sql`select email, orders, spent_cents, spent, first_paid_at, last_paid_at from customer_totals where user_id = ${seller} order by email`,
  );
  const rollups = await db.execute(sql`
    select 'totals' as kind, product_id::text, null as at, currency, orders, units, revenue_cents::bigint
      from analytics_sales_totals where seller_id = ${seller}
    union all
    select 'days', product_id::text, day::text, currency, orders, units, revenue_cents from analytics_sales_product_days
      where seller_id = ${seller}
    union all
    select 'buckets', null, bucket::text, currency, orders, units, revenue_cents from analytics_sales_buckets
      where seller_id = ${seller}
    order by 1, 2, 3`);
  let customersCsv = "";
  await exportCustomersCsv(handle.db, seller, { search: null, timeZone: "UTC" }, async (chunk) => {
    customersCsv += chunk.toString();
  });
  return { totals: totals.rows, customers: customers.rows, rollups: rollups.rows, customersCsv };
}

beforeAll(async () => {
  database = await createEmptyPostgresDatabase();
  await migrateUpTo(database.url, LAST_OLD);
  handle = await openDatabase({ kind: "postgres", url: database.url });
}, 120_000);
afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

describe("orders of one product migrated to order lines", () => {
  it("keeps every figure, export and download, and gives every order exactly one line with its product", async () => {
    await seedOldOrders();
    const before = await figures();
    // The old export's product column read the order row's product_name.
    const oldOrders = await handle.db.execute<{ id: string; product_id: string | null; product_name: string }>(
      sql`select id, product_id, product_name from orders where user_id = ${seller} order by id`,
    );
    const sales = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where user_id = ${seller} and status in ('paid', 'refunded') and paid_at is not null`,
    );

    await migrateDatabase(handle);

    const after = await figures();
    expect(after).toEqual(before);
    const perProduct = await handle.db.execute(sql`
      select 1 from analytics_sales_totals where seller_id = ${seller} and product_orders <> orders
      union all select 1 from analytics_sales_product_days where seller_id = ${seller} and product_orders <> orders`);
    expect(perProduct.rows).toEqual([]);

    // The new rebuild of the sales read model from order lines agrees with what the migration kept.
    await handle.db.execute(sql`select analytics_rebuild_rollups()`);
    expect((await figures()).rollups).toEqual(before.rollups);

    // Every order is one line: its product's id and name as bought, one unit.
    const lines = await handle.db.execute<{ order_id: string; product_id: string | null; product_name: string }>(sql`
      select l.order_id, l.product_id, l.product_name from order_lines l join orders o on o.id = l.order_id
      where o.user_id = ${seller} and l.quantity = 1 order by l.order_id`);
    expect(lines.rows).toEqual(
      oldOrders.rows.map((row) => ({ order_id: row.id, product_id: row.product_id, product_name: row.product_name })),
    );
    const columns = await handle.db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'orders' and column_name like 'product%'`,
    );
    expect(columns.rows).toEqual([]);

    // The orders CSV names each order's product as it did.
    let csv = "";
    await exportOrdersCsv(handle.db, seller, { status: null, timeZone: "UTC" }, async (chunk) => {
      csv += chunk.toString();
    });
    const products = Object.fromEntries(
      csv
        .trim()
        .split("\r\n")
        .slice(1)
        .map((record) => {
          const cells = record.split(",");
          return [cells[0], cells[5]];
        }),
    );
    expect(products).toEqual(Object.fromEntries(oldOrders.rows.map((row) => [row.id, row.product_name])));

    // A buyer of an old paid order still downloads its product's file; a refunded order's link is revoked.
    const download = async (status: string) => {
      const found = await handle.db.execute<{ id: string; customer_email: string; file_id: string }>(sql`
        select o.id, o.customer_email, (select f.id from product_files f where f.user_id = o.user_id limit 1) as file_id
        from orders o where o.user_id = ${seller} and o.status = ${status} order by o.created_at desc limit 1`);
      const { id, customer_email: email, file_id: fileId } = found.rows[0]!;
      const expires = Math.floor(Date.now() / 1000) + 600;
      const sig = signDownload("s".repeat(32), { orderId: id, fileId, email, expires });
      return authorizeDownload(handle.db, "s".repeat(32), { orderId: id, fileId, expires: String(expires), sig });
    };
    expect(await download("paid")).toMatchObject({ ok: true });
    expect(await download("refunded")).toMatchObject({ ok: false, code: "PURCHASE_REVOKED" });

    // Analytics: one unit per old sale, revenue as before.
    const report = await runPageQuery(
      handle.db,
      { userId: seller },
      analyticsQuery({ range: { preset: "30d" }, fallbackTimeZone: "UTC" }),
    );
    expect(report.current.units).toBe(sales.rows[0]!.n);
    expect(report.current.orders).toBe(sales.rows[0]!.n);
    expect(report.current.revenueCents).toBe(1000 + 700 + 800 + 0 + 2000);
  });
});
