import { sourceLabel } from "~/domains/analytics/content/attribution";
import type { FulfilmentStatus, OrderLine } from "~/domains/orders/order-lines";
import type { OrderStatus } from "~/domains/orders/order-status";

// How the seller's orders pages show an order. Browser-safe.

/** An order's state as the seller reads it, including "partly refunded". */
export type OrderDisplayStatus = OrderStatus | "partly_refunded";

/** The orders list's status filters, each with the label the seller reads. */
export const ORDER_FILTERS: readonly { value: OrderDisplayStatus; label: string }[] = [
  { value: "pending", label: "Pending" },
  { value: "paid", label: "Paid" },
  { value: "partly_refunded", label: "Partly refunded" },
  { value: "refunded", label: "Refunded" },
  { value: "disputed", label: "Disputed" },
  { value: "expired", label: "Expired" },
];

export const ORDER_STATUS_LABELS: Record<OrderDisplayStatus, string> = Object.fromEntries(
  ORDER_FILTERS.map((filter) => [filter.value, filter.label]),
) as Record<OrderDisplayStatus, string>;

/** Whether a search parameter names one of the orders list's status filters. */
export function isOrderFilter(value: unknown): value is OrderDisplayStatus {
  return typeof value === "string" && ORDER_FILTERS.some((filter) => filter.value === value);
}

/** An order's status as shown: paid with a partial refund reads as partly refunded. */
export function displayStatus(order: { status: OrderStatus; refundedCents: number }): OrderDisplayStatus {
  return order.status === "paid" && order.refundedCents > 0 ? "partly_refunded" : order.status;
}

/** A refund held back from what is left to refund: its provider call is under way, or its answer was lost. */
export function refundInFlight(status: string): boolean {
  return status === "pending" || status === "unknown";
}

/** A refund's state in words; the refund reconciler checks `unknown` again with the provider. */
export function refundStateText(status: string): string {
  if (status === "succeeded") return "refunded";
  if (status === "failed") return "refused by the provider";
  if (status === "unknown")
    return "refund pending confirmation (the provider did not answer; it is checked again within minutes)";
  return "waiting for the provider";
}

/** What is left to refund of an order: its amount less what was refunded and what refunds in flight hold. */
export function leftToRefund(order: Pick<OrderDetail, "amountCents" | "refundedCents" | "refunds">): number {
  const inFlight = order.refunds
    .filter((refund) => refundInFlight(refund.status))
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  return Math.max(0, order.amountCents - order.refundedCents - inFlight);
}

/** A refund's units by line in words ("1 × Mug (Blue), restocked"); empty for a refund by amount. */
export function refundLinesText(refund: Pick<OrderDetail["refunds"][number], "lines">, lines: OrderLine[]): string {
  return refund.lines
    .map((taken) => {
      const line = lines.find((candidate) => candidate.id === taken.lineId);
      const name = !line
        ? "an item"
        : line.variantTitle
          ? `${line.productName} (${line.variantTitle})`
          : line.productName;
      return `${taken.quantity} × ${name}${taken.restock ? ", restocked" : ""}`;
    })
    .join("; ");
}

/** Orders per page of the list. */
export const ORDERS_PAGE_SIZE = 25;

/** The orders list's address and an order's detail page. */
export const ORDERS_PATH = "/orders";
export const orderPath = (id: string) => `${ORDERS_PATH}/${id}`;

/** A row of the seller's orders list; `productName` names its first line, plus "+ N more" for several. */
export type OrderListItem = {
  id: string;
  status: OrderStatus;
  productName: string;
  customerEmail: string;
  amountCents: number;
  refundedCents: number;
  currency: string;
  discountCode: string | null;
  /** `none` when the order ships nothing. */
  fulfilmentStatus: FulfilmentStatus;
  createdAt: string;
};

/** One order with its history, for its detail page. */
export type OrderDetail = OrderListItem & {
  lines: OrderLine[];
  shippingCents: number;
  subtotalCents: number;
  discountCents: number;
  /** The payment used the discount code after its maximum was reached. */
  discountOverLimit: boolean;
  platformFeeCents: number;
  provider: string | null;
  paidAt: string | null;
  /** Where it was sold, and where its buyer came from (see orderOriginLabel). */
  channel: "online" | "pos";
  source: string;
  utmSource: string;
  utmCampaign: string;
  events: {
    id: string;
    fromStatus: OrderStatus;
    toStatus: OrderStatus;
    cause: string;
    details: Record<string, unknown>;
    createdAt: string;
  }[];
  refunds: {
    id: string;
    amountCents: number;
    feeRefundedCents: number;
    /** The units refunded by line; empty for a refund by amount. */
    lines: { lineId: string; quantity: number; restock: boolean }[];
    status: string;
    createdAt: string;
  }[];
  /** The latest receipts and downloads, oldest first. */
  deliveries: {
    id: string;
    kind: "receipt" | "receipt_resent" | "receipt_withheld" | "download";
    fileName: string | null;
    createdAt: string;
  }[];
};

/** The most receipts and downloads an order's timeline shows. */
export const ORDER_TIMELINE_DELIVERIES = 200;

/** What an order event's cause says to the seller. */
export function eventCauseLabel(cause: string): string {
  if (cause === "seller_refund") return "Refunded by you";
  if (cause === "reconciler") return "Checked with the payment provider";
  if (cause === "expiry") return "Checkout expired";
  if (cause.startsWith("webhook:")) return `Reported by the payment provider (${cause.split(":")[1] ?? ""})`;
  return cause;
}

/** Where an order came from in the seller's words: the point of sale, else its source as analytics names it. */
export function orderOriginLabel(order: Pick<OrderDetail, "channel" | "source" | "utmSource" | "utmCampaign">): string {
  if (order.channel === "pos") return "Point of sale";
  const campaign = [order.utmSource, order.utmCampaign].filter(Boolean).join(" / ");
  return campaign ? `${sourceLabel(order.source)} (${campaign})` : sourceLabel(order.source);
}
