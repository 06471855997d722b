import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { downloadPageUrl, issueAccessToken } from "~/domains/delivery/server/issue-access-token.server";
import { trackingUrlFor } from "~/domains/orders/content/carriers";
import { unitsToShip } from "~/domains/orders/fulfilment-display";
import type { FulfilmentStatus } from "~/domains/orders/order-lines";
import type { FulfilInput } from "~/domains/orders/schemas/fulfil";
import {
  addShippedUnits,
  type LineToShip,
  lockLinesToShip,
  lockOrderToShip,
  recordShipment,
} from "~/domains/orders/server/shipment-rows.server";
import { fail, type Failure } from "~/lib/errors";
import type { Mailer } from "~/server/mail/mailer.server";
import { shippingMail } from "./shipping-mail.server";

/** The shipment recorded and the order's new fulfilment status, or why nothing was shipped. */
export type FulfilResult =
  | { ok: true; fulfilmentId: string; status: FulfilmentStatus; units: number }
  | Failure<
      | "ORDER_NOT_FOUND"
      | "ORDER_NOT_FULFILLABLE"
      | "FULFILMENT_NOTHING_TO_SHIP"
      | "FULFILMENT_LINE_NOT_FOUND"
      | "FULFILMENT_QUANTITY_TOO_HIGH"
      | "TRACKING_URL_INVALID"
    >;

/**
 * Ships units of the seller's paid order: shipment, lines, fulfilment status and the buyer's mail in one transaction.
 */
export async function fulfilOrderLines(
  services: { db: Database; mailer: Mailer; env: { APP_URL: string } },
  sellerId: string,
  orderId: string,
  input: FulfilInput,
): Promise<FulfilResult> {
  const wanted = new Map<string, number>();
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) return fail("FULFILMENT_QUANTITY_TOO_HIGH");
    if (line.quantity > 0) wanted.set(line.lineId, (wanted.get(line.lineId) ?? 0) + line.quantity);
  }
  const trackingUrl = trackingUrlFor(input);
  return inTransaction(services.db, async (tx) => {
    const order = await lockOrderToShip(tx, sellerId, orderId);
    if (!order) return fail("ORDER_NOT_FOUND");
    if (order.status !== "paid") return fail("ORDER_NOT_FULFILLABLE");
    if (wanted.size === 0) return fail("FULFILMENT_NOTHING_TO_SHIP");
    if (trackingUrl === null) return fail("TRACKING_URL_INVALID");
    // The order's and its lines' row locks serialise shipments and refunds, so what is read here is what is left.
    const lines = await lockLinesToShip(tx, orderId);
    const byId = new Map(lines.map((line) => [line.id, line]));
    const toShip = (line: LineToShip) =>
      unitsToShip({
        quantity: line.quantity,
        fulfilledQuantity: line.fulfilled_quantity,
        refundedQuantity: line.refunded_quantity,
      });
    for (const [lineId, quantity] of wanted) {
      const line = byId.get(lineId);
      if (!line) return fail("FULFILMENT_LINE_NOT_FOUND");
      if (quantity > toShip(line)) return fail("FULFILMENT_QUANTITY_TOO_HIGH");
    }
    const shipment = [...wanted].map(([lineId, quantity]) => ({ lineId, quantity }));
    const updated = await addShippedUnits(tx, orderId, shipment);
    // Unreachable while the rows are locked; a throw rolls the whole shipment back rather than record part of it.
    if (updated.length !== shipment.length) throw new Error("fulfilment guard refused a locked line");
    for (const { lineId, quantity } of shipment) byId.get(lineId)!.fulfilled_quantity += quantity;
    const left = lines.map((line) => ({ line, left: toShip(line) }));
    const status: FulfilmentStatus = left.every((entry) => entry.left === 0) ? "fulfilled" : "partial";
    const fulfilmentId = await recordShipment(tx, orderId, shipment, {
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      trackingUrl,
      actorId: sellerId,
      status,
    });
    const token = await issueAccessToken(tx, orderId);
    await services.mailer.send(
      shippingMail({
        to: order.customer_email,
        orderId,
        storeName: order.store_name,
        shipped: shipment.map(({ lineId, quantity }) => ({
          productName: byId.get(lineId)!.product_name,
          variantTitle: byId.get(lineId)!.variant_title,
          quantity,
        })),
        remaining: left
          .filter((entry) => entry.left > 0)
          .map(({ line, left: quantity }) => ({
            productName: line.product_name,
            variantTitle: line.variant_title,
            quantity,
          })),
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        trackingUrl,
        address: order.shipping_address,
        orderUrl: downloadPageUrl(services.env.APP_URL, orderId, token),
      }),
      { tx },
    );
    const units = shipment.reduce((sum, line) => sum + line.quantity, 0);
    return { ok: true as const, fulfilmentId, status, units };
  });
}
