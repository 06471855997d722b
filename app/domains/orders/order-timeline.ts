import { formatMoney } from "~/lib/money";
import type { OrderDetail } from "~/domains/orders/order-display";
import { eventCauseLabel } from "~/domains/orders/order-display";
import { type FulfilmentLine, type Shipment, shipmentSummary } from "~/domains/orders/fulfilment-display";

// An order's timeline, browser-safe: what happened to it, oldest first, from the records the app
// keeps — the order itself (created), its state moves (order_events: paid, refunded in part or in full, disputed,
// expired; a discount used past its limit), its delivery (delivery_events: each receipt put in the mail, each download
// the buyer started) and its shipments (fulfilments).

export type TimelineKind =
  | "created"
  | "paid"
  | "receipt"
  | "receipt_resent"
  | "receipt_withheld"
  | "download"
  | "partly_refunded"
  | "refunded"
  | "disputed"
  | "expired"
  | "discount_over_limit"
  | "shipped";

export type TimelineEntry = { key: string; kind: TimelineKind; at: string; title: string; detail: string | null };

function discountOverLimitOf(details: Record<string, unknown>): { code: string; used: number; max: number } | null {
  const over = details.discountOverLimit as { code?: unknown; used?: unknown; max?: unknown } | undefined;
  if (!over || typeof over.code !== "string") return null;
  return { code: over.code, used: Number(over.used), max: Number(over.max) };
}

/** An order's shipments and the physical lines they name, for its timeline. */
export type TimelineShipments = { lines: readonly FulfilmentLine[]; shipments: readonly Shipment[] };

/** The order's timeline, oldest first (ties: the order they were written in), with its shipments when it has any. */
export function orderTimeline(order: OrderDetail, shipped: TimelineShipments | null = null): TimelineEntry[] {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const entries: TimelineEntry[] = [
    {
      key: "created",
      kind: "created",
      at: order.createdAt,
      title: "Order created",
      detail: `Checkout started by ${order.customerEmail}`,
    },
  ];
  for (const event of order.events) {
    const cause = eventCauseLabel(event.cause);
    const key = `event-${event.id}`;
    if (event.fromStatus === event.toStatus) {
      const total = Number(event.details.refundedCents ?? 0);
      entries.push({
        key,
        kind: "partly_refunded",
        at: event.createdAt,
        title: `Partly refunded: ${money(total)} refunded in total`,
        detail: cause,
      });
    } else if (event.toStatus === "paid") {
      const title =
        event.fromStatus === "disputed"
          ? "Dispute closed in the seller's favour: paid again"
          : `Paid ${money(order.amountCents)}`;
      entries.push({ key, kind: "paid", at: event.createdAt, title, detail: cause });
      const over = discountOverLimitOf(event.details);
      if (over)
        entries.push({
          key: `${key}-discount`,
          kind: "discount_over_limit",
          at: event.createdAt,
          title: `Discount code ${over.code} used past its limit (${over.used}/${over.max})`,
          detail: "The payment came after the code's last use was taken; the buyer paid the discounted price",
        });
    } else if (event.toStatus === "refunded") {
      entries.push({
        key,
        kind: "refunded",
        at: event.createdAt,
        title: `Fully refunded (${money(order.amountCents)})`,
        detail: cause,
      });
    } else if (event.toStatus === "disputed") {
      entries.push({ key, kind: "disputed", at: event.createdAt, title: "Disputed by the buyer", detail: cause });
    } else if (event.toStatus === "expired") {
      entries.push({
        key,
        kind: "expired",
        at: event.createdAt,
        title: "Checkout expired without payment",
        detail: cause,
      });
    }
  }
  for (const record of order.deliveries) {
    const key = `delivery-${record.id}`;
    if (record.kind === "download") {
      const title = record.fileName
        ? `Downloaded ${record.fileName}`
        : "Downloaded a file that is no longer in the product";
      entries.push({ key, kind: "download", at: record.createdAt, title, detail: "By the buyer" });
    } else if (record.kind === "receipt_withheld") {
      entries.push({
        key,
        kind: record.kind,
        at: record.createdAt,
        title: "Receipt not emailed",
        detail: `Too many counter receipts went to ${order.customerEmail} or from your store in the last hour`,
      });
    } else {
      const again = record.kind === "receipt_resent";
      entries.push({
        key,
        kind: record.kind,
        at: record.createdAt,
        title: again ? "Receipt sent again" : "Receipt sent",
        detail: again ? `By you, to ${order.customerEmail}` : `To ${order.customerEmail}`,
      });
    }
  }
  for (const shipment of shipped?.shipments ?? []) {
    const via = shipment.carrier ? ` via ${shipment.carrier}` : "";
    const number = shipment.trackingNumber ? ` (${shipment.trackingNumber})` : "";
    entries.push({
      key: `shipment-${shipment.id}`,
      kind: "shipped",
      at: shipment.createdAt,
      title: `Shipped ${shipmentSummary(shipment, shipped?.lines ?? [])}${via}${number}`,
      detail: "By you; the buyer was emailed the shipment's details",
    });
  }
  // Stable: entries of the same instant keep the order above (the move to paid before its receipt).
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
}
