import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { runPageQuery } from "~/kernel/session/run-page-query.server";
import { fulfilOrderLines } from "~/flows/order-lifecycle/server/fulfil-order-lines.server";
import { orderFulfilmentQuery } from "~/domains/orders/server/order-fulfilment-query.server";
import { sellerOrdersQuery } from "~/domains/orders/server/seller-orders-query.server";
import { transitionOrder } from "~/flows/order-lifecycle/server/transition-order.server";
import { createTestDatabase } from "../../support/test-database";
import { makeTestServices, type TestServices } from "../../support/test-services";

// Fulfilment of physical lines against a real PostgreSQL: partial then complete shipments, every refusal (over what
// is left, concurrent double submits, another seller, unpaid orders, digital lines, bad tracking links), the
// buyer's shipping mail queued in the same transaction, and the orders list filtered by fulfilment status.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let services: TestServices;

const ADDRESS = {
  name: "Grace <Hopper>",
  line1: "1 Harbour St",
  line2: "",
  city: "Portsmouth",
  region: "",
  postcode: "PO1 1AA",
  country: "GB",
};

async function makeSeller(): Promise<string> {
  const id = randomUUID();
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${id}, 'Seller', ${`${id}@example.com`}, true)`,
  );
  return id;
}

type Seeded = { orderId: string; mug: string; poster: string; ebook: string; buyer: string };

/** A paid order of 3 mugs (M / Blue), 1 poster and 1 e-book, with a shipping address, as the checkout leaves it. */
async function paidOrder(sellerId: string, status = "paid", storeName = "Ada's <b>Shop</b>"): Promise<Seeded> {
  const orderId = randomUUID();
  const buyer = `buyer-${orderId.slice(0, 8)}@example.com`;
  await db.execute(sql`
    insert into orders (id, user_id, store_name, customer_email, status, amount_cents, currency,
      shipping_address, shipping_rate_name, fulfilment_status, paid_at)
    values (${orderId}, ${sellerId}, ${storeName}, ${buyer}, ${status}, 5000, 'USD', ${JSON.stringify(ADDRESS)}::jsonb,
      'Standard', ${status === "paid" ? "unfulfilled" : "none"}, case when ${status} = 'paid' then now() end)`);
  const line = async (position: number, kind: string, name: string, variant: string, sku: string | null, qty: number) =>
    (
      await db.execute<{ id: string }>(sql`
        insert into order_lines (order_id, position, kind, product_name, variant_title, sku, unit_price_cents, quantity,
          subtotal_cents)
        values (${orderId}, ${position}, ${kind}, ${name}, ${variant}, ${sku}, 1000, ${qty}, ${1000 * qty}) returning id`)
    ).rows[0]!.id;
  return {
    orderId,
    buyer,
    mug: await line(0, "physical", "Mug", "M / Blue", "MUG-M-BL", 3),
    poster: await line(1, "physical", "Poster", "", "POS-1", 1),
    ebook: await line(2, "digital", "E-book", "", null, 1),
  };
}

const input = (lines: { lineId: string; quantity: number }[], extra: Record<string, string> = {}) => ({
  lines,
  carrier: "",
  trackingNumber: "",
  trackingUrl: "",
  ...extra,
});

const linesOf = async (orderId: string) =>
  (
    await db.execute<{ product_name: string; fulfilled_quantity: number }>(
      sql`select product_name, fulfilled_quantity from order_lines where order_id = ${orderId} order by position`,
    )
  ).rows.map((row) => [row.product_name, row.fulfilled_quantity]);
const statusOf = async (orderId: string) =>
  (await db.execute<{ s: string }>(sql`select fulfilment_status as s from orders where id = ${orderId}`)).rows[0]!.s;
const shipmentsOf = async (orderId: string) =>
  (
    await db.execute<{ lines: unknown; carrier: string; tracking_number: string; tracking_url: string }>(
      sql`select lines, carrier, tracking_number, tracking_url from fulfilments where order_id = ${orderId} order by created_at`,
    )
  ).rows;
/** The mails delivered to `to`, oldest first, once the outbox worker has delivered every one queued for it. */
const mailsTo = async (to: string) => {
  await expect
    .poll(
      async () => (await db.execute(sql`select 1 from mail_outbox where "to" = ${to} and sent_at is null`)).rows.length,
      { timeout: 15_000 },
    )
    .toBe(0);
  return (
    await db.execute<{ subject: string; text: string; html: string }>(
      sql`select subject, "text", html from dev_mail where "to" = ${to} order by created_at`,
    )
  ).rows;
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  services = makeTestServices(db, { appUrl: "http://127.0.0.1:9" });
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.drop();
});

describe("fulfilling an order's physical lines", () => {
  it("ships part, then the rest: lines, status, shipments and one shipping mail each", async () => {
    const seller = await makeSeller();
    const order = await paidOrder(seller);

    const first = await fulfilOrderLines(
      services,
      seller,
      order.orderId,
      input([{ lineId: order.mug, quantity: 2 }], { carrier: "ups", trackingNumber: "1Z 999<AA>" }),
    );
    expect(first).toMatchObject({ ok: true, status: "partial", units: 2 });
    expect(await linesOf(order.orderId)).toEqual([
      ["Mug", 2],
      ["Poster", 0],
      ["E-book", 0],
    ]);
    expect(await statusOf(order.orderId)).toBe("partial");
    const [shipment] = await shipmentsOf(order.orderId);
    // No link typed: the known carrier's page, the number URL-encoded.
    expect(shipment).toMatchObject({
      lines: [{ lineId: order.mug, quantity: 2 }],
      carrier: "ups",
      tracking_number: "1Z 999<AA>",
      tracking_url: "https://www.ups.com/track?tracknum=1Z%20999%3CAA%3E",
    });

    const [mail] = await mailsTo(order.buyer);
    expect(mail!.subject).toBe("Part of your order from Ada's <b>Shop</b> has shipped");
    expect(mail!.text).toContain("In this parcel:\n2 × Mug (M / Blue)");
    expect(mail!.text).toContain("Carrier: ups\nTracking number: 1Z 999<AA>");
    expect(mail!.text).toContain("Track your parcel: https://www.ups.com/track?tracknum=1Z%20999%3CAA%3E");
    expect(mail!.text).toContain("Shipping to:\nGrace <Hopper>\n1 Harbour St\nPortsmouth, PO1 1AA\nUnited Kingdom");
    expect(mail!.text).toContain("Still to ship:\n1 × Mug (M / Blue)\n1 × Poster");
    expect(mail!.text).toMatch(/View your order at http:\/\/127\.0\.0\.1:9\/purchases\/[0-9a-f-]+\?token=/);
    // Seller and buyer text is escaped in the HTML; the tracking link is an attribute-safe http(s) href.
    expect(mail!.html).not.toContain("<b>Shop</b>");
    expect(mail!.html).toContain("Ada&#39;s &lt;b&gt;Shop&lt;/b&gt;");
    expect(mail!.html).toContain("Grace &lt;Hopper&gt;");
    expect(mail!.html).toContain('href="https://www.ups.com/track?tracknum=1Z%20999%3CAA%3E"');

    const rest = await fulfilOrderLines(
      services,
      seller,
      order.orderId,
      input(
        [
          { lineId: order.mug, quantity: 1 },
          { lineId: order.poster, quantity: 1 },
        ],
        { carrier: "Parcel Bros", trackingNumber: "PB-1", trackingUrl: "https://track.example.com/PB-1?x=<y>" },
      ),
    );
    expect(rest).toMatchObject({ ok: true, status: "fulfilled", units: 2 });
    expect(await statusOf(order.orderId)).toBe("fulfilled");
    expect((await shipmentsOf(order.orderId))[1]!.tracking_url).toBe("https://track.example.com/PB-1?x=%3Cy%3E");
    const mails = await mailsTo(order.buyer);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe("Your order from Ada's <b>Shop</b> has shipped");
    expect(mails[1]!.text).not.toContain("Still to ship");

    // Nothing is left: one more unit is refused and changes nothing.
    const more = await fulfilOrderLines(
      services,
      seller,
      order.orderId,
      input([{ lineId: order.poster, quantity: 1 }]),
    );
    expect(more).toMatchObject({ ok: false, code: "FULFILMENT_QUANTITY_TOO_HIGH" });
    expect(await shipmentsOf(order.orderId)).toHaveLength(2);

    // The seller's page data: lines, shipments and the timeline's source.
    const page = await runPageQuery(db, { userId: seller }, orderFulfilmentQuery(order.orderId));
    expect(page?.lines.map((line) => [line.productName, line.fulfilledQuantity])).toEqual([
      ["Mug", 3],
      ["Poster", 1],
    ]);
    expect(page?.shipments).toHaveLength(2);
    expect(await runPageQuery(db, { userId: await makeSeller() }, orderFulfilmentQuery(order.orderId))).toBeNull();
  });

  it("ships a refunded unit never: what is left is bought less shipped less refunded", async () => {
    const seller = await makeSeller();
    const order = await paidOrder(seller);
    await db.execute(sql`update order_lines set refunded_quantity = 2 where id = ${order.mug}`);
    const over = await fulfilOrderLines(services, seller, order.orderId, input([{ lineId: order.mug, quantity: 2 }]));
    expect(over).toMatchObject({ ok: false, code: "FULFILMENT_QUANTITY_TOO_HIGH" });
    const ok = await fulfilOrderLines(
      services,
      seller,
      order.orderId,
      input([
        { lineId: order.mug, quantity: 1 },
        { lineId: order.poster, quantity: 1 },
      ]),
    );
    expect(ok).toMatchObject({ ok: true, status: "fulfilled" });
  });

  it("lets only one of many concurrent submits of the same units through", async () => {
    const seller = await makeSeller();
    const order = await paidOrder(seller);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        fulfilOrderLines(services, seller, order.orderId, input([{ lineId: order.mug, quantity: 2 }])),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.code)).toEqual(
      Array(7).fill("FULFILMENT_QUANTITY_TOO_HIGH"),
    );
    expect(await linesOf(order.orderId)).toEqual([
      ["Mug", 2],
      ["Poster", 0],
      ["E-book", 0],
    ]);
    expect(await shipmentsOf(order.orderId)).toHaveLength(1);
    expect(await mailsTo(order.buyer)).toHaveLength(1);
  });

  it("refuses another seller's order, an unpaid one, nothing to ship, a digital line and a non-http link", async () => {
    const seller = await makeSeller();
    const other = await makeSeller();
    const order = await paidOrder(seller);
    const mug = [{ lineId: order.mug, quantity: 1 }];
    expect(await fulfilOrderLines(services, other, order.orderId, input(mug))).toMatchObject({
      ok: false,
      code: "ORDER_NOT_FOUND",
    });
    const pending = await paidOrder(seller, "pending");
    expect(
      await fulfilOrderLines(services, seller, pending.orderId, input([{ lineId: pending.mug, quantity: 1 }])),
    ).toMatchObject({ ok: false, code: "ORDER_NOT_FULFILLABLE" });
    expect(
      await fulfilOrderLines(services, seller, order.orderId, input([{ lineId: order.mug, quantity: 0 }])),
    ).toMatchObject({ ok: false, code: "FULFILMENT_NOTHING_TO_SHIP" });
    expect(
      await fulfilOrderLines(services, seller, order.orderId, input([{ lineId: order.ebook, quantity: 1 }])),
    ).toMatchObject({ ok: false, code: "FULFILMENT_LINE_NOT_FOUND" });
    // Another order's line is not a line of this one.
    expect(
      await fulfilOrderLines(services, seller, order.orderId, input([{ lineId: pending.mug, quantity: 1 }])),
    ).toMatchObject({ ok: false, code: "FULFILMENT_LINE_NOT_FOUND" });
    for (const trackingUrl of ["javascript:alert(1)", "ftp://example.com/x", "//example.com", "data:text/html,x"])
      expect(await fulfilOrderLines(services, seller, order.orderId, input(mug, { trackingUrl }))).toMatchObject({
        ok: false,
        code: "TRACKING_URL_INVALID",
      });
    // A carrier this app does not know and no link: the shipment keeps no link.
    expect(
      await fulfilOrderLines(
        services,
        seller,
        order.orderId,
        input(mug, { carrier: "Bike courier", trackingNumber: "7" }),
      ),
    ).toMatchObject({ ok: true });
    expect((await shipmentsOf(order.orderId))[0]!.tracking_url).toBe("");
    expect(await shipmentsOf(pending.orderId)).toHaveLength(0);
    expect(await linesOf(order.orderId)).toEqual([
      ["Mug", 1],
      ["Poster", 0],
      ["E-book", 0],
    ]);
  });

  it("marks a paid order with goods unfulfilled, and leaves a digital-only order out of fulfilment", async () => {
    const seller = await makeSeller();
    const order = await paidOrder(seller, "pending");
    const digital = randomUUID();
    await db.execute(sql`
      insert into orders (id, user_id, customer_email, status, amount_cents, currency)
      values (${digital}, ${seller}, 'd@example.com', 'pending', 900, 'USD')`);
    await db.execute(sql`
      insert into order_lines (order_id, kind, product_name, unit_price_cents, quantity, subtotal_cents)
      values (${digital}, 'digital', 'E-book', 900, 1, 900)`);
    await transitionOrder(services, order.orderId, { to: "paid", cause: "webhook:test:1" });
    await transitionOrder(services, digital, { to: "paid", cause: "webhook:test:2" });
    expect(await statusOf(order.orderId)).toBe("unfulfilled");
    expect(await statusOf(digital)).toBe("none");
    expect(await runPageQuery(db, { userId: seller }, orderFulfilmentQuery(digital))).toBeNull();
  });
});

describe("the orders list's fulfilment filter", () => {
  it("lists only the orders of the chosen fulfilment status, a page at a time, newest first", async () => {
    const seller = await makeSeller();
    const unfulfilled = await paidOrder(seller);
    const partial = await paidOrder(seller);
    const fulfilled = await paidOrder(seller);
    const partial2 = await paidOrder(seller);
    await db.execute(sql`update orders set created_at = now() - interval '1 hour' where id = ${partial.orderId}`);
    const ship = (order: Seeded, quantity: number, poster = 0) =>
      fulfilOrderLines(
        services,
        seller,
        order.orderId,
        input([{ lineId: order.mug, quantity }, ...(poster ? [{ lineId: order.poster, quantity: poster }] : [])]),
      );
    await ship(partial, 1);
    await ship(partial2, 2);
    await ship(fulfilled, 3, 1);
    const list = async (filter: "unfulfilled" | "partial" | "fulfilled" | null) =>
      (await runPageQuery(db, { userId: seller }, sellerOrdersQuery(null, null, null, filter))).orders.map((order) => [
        order.id,
        order.fulfilmentStatus,
      ]);
    expect(await list("partial")).toEqual([
      [partial2.orderId, "partial"],
      [partial.orderId, "partial"],
    ]);
    expect(await list("unfulfilled")).toEqual([[unfulfilled.orderId, "unfulfilled"]]);
    expect(await list("fulfilled")).toEqual([[fulfilled.orderId, "fulfilled"]]);
    expect(await list(null)).toHaveLength(4);
    // Combined with a status filter and the keyset cursor.
    const after = await runPageQuery(
      db,
      { userId: seller },
      sellerOrdersQuery(
        "paid",
        { createdAt: new Date(Date.now() - 60_000).toISOString(), id: partial2.orderId },
        null,
        "partial",
      ),
    );
    expect(after.orders.map((order) => order.id)).toEqual([partial.orderId]);
  });
});
