import { orderLines, orders } from "~/domains/orders/tables.server";
import type { Database } from "~/db/database.server";

/** A line to seed; a lone line defaults to one digital unit priced at the order's subtotal (else its amount). */
export type LineSeed = Partial<Omit<typeof orderLines.$inferInsert, "orderId">>;

/** An order row to seed, with its lines; `productId`/`productName` are a shortcut for one digital line. */
export type OrderSeed = Partial<typeof orders.$inferInsert> &
  Pick<typeof orders.$inferInsert, "userId"> & {
    productId?: string | null;
    productName?: string;
    lines?: LineSeed[];
  };

/**
 * Inserts an order and its order_lines as the checkout writes them (amounts default to the lines' sum), for tests that
 * seed orders directly; returns the order's and the lines' ids.
 */
export async function insertOrder(db: Database, seed: OrderSeed): Promise<{ id: string; lineIds: string[] }> {
  const { productId = null, productName = "Field guide", lines: lineSeeds, ...columns } = seed;
  const seeds = lineSeeds ?? [{ productId, productName }];
  const lineValues = seeds.map((line, position) => {
    const quantity = line.quantity ?? 1;
    const unitPriceCents =
      line.unitPriceCents ??
      (seeds.length === 1 ? Math.round((columns.subtotalCents ?? columns.amountCents ?? 0) / quantity) : 0);
    return {
      position,
      kind: line.kind ?? "digital",
      productName: line.productName ?? productName,
      unitPriceCents,
      quantity,
      subtotalCents: line.subtotalCents ?? unitPriceCents * quantity,
      discountCents: line.discountCents ?? (seeds.length === 1 ? (columns.discountCents ?? 0) : 0),
      ...line,
    };
  });
  // Given lines set the order's amounts they imply unless given; a shortcut line leaves the order's columns as given.
  const sum = (pick: (line: (typeof lineValues)[number]) => number) =>
    lineSeeds ? lineValues.reduce((total, line) => total + pick(line), 0) : 0;
  const subtotalCents = columns.subtotalCents ?? sum((line) => line.subtotalCents);
  const discountCents = columns.discountCents ?? sum((line) => line.discountCents);
  const [order] = await db
    .insert(orders)
    .values({
      customerEmail: "buyer@example.com",
      currency: "USD",
      ...columns,
      subtotalCents,
      discountCents,
      amountCents: columns.amountCents ?? subtotalCents - discountCents + (columns.shippingCents ?? 0),
    })
    .returning({ id: orders.id });
  const inserted = await db
    .insert(orderLines)
    .values(lineValues.map((line) => ({ ...line, orderId: order!.id })))
    .returning({ id: orderLines.id, position: orderLines.position });
  return { id: order!.id, lineIds: inserted.sort((a, b) => a.position - b.position).map((line) => line.id) };
}
