import { orderNumber } from "~/domains/delivery/content/delivery-rules";
import { addressLines, lineTitle } from "~/domains/orders/fulfilment-display";
import type { ShippingAddress } from "~/domains/orders/order-lines";
import { type MailBlock, mailLayout } from "~/server/mail/mail-layout.server";
import type { MailMessage } from "~/server/mail/mailer.server";

/** A line of the shipping mail: what it is and how many units. */
export type ShippedLine = { productName: string; variantTitle: string; quantity: number };

export type ShippingMailInput = {
  to: string;
  orderId: string;
  storeName: string;
  shipped: ShippedLine[];
  /** Units still to ship after this parcel; empty when the order is complete. */
  remaining: ShippedLine[];
  carrier: string;
  trackingNumber: string;
  /** An http(s) tracking page, or "" when there is none. */
  trackingUrl: string;
  address: ShippingAddress | null;
  /** The buyer's order page, where every shipment is listed. */
  orderUrl: string;
};

const listOf = (lines: ShippedLine[]) => lines.map((line) => `${line.quantity} × ${lineTitle(line)}`).join("\n");

/** The buyer's shipping notice: what shipped, how to track it, where it goes, and what is still to come. */
export function shippingMail(input: ShippingMailInput): MailMessage {
  const partial = input.remaining.length > 0;
  const store = input.storeName || "The seller";
  const tracking: [string, string][] = [
    ...(input.carrier ? [["Carrier", input.carrier] as [string, string]] : []),
    ...(input.trackingNumber ? [["Tracking number", input.trackingNumber] as [string, string]] : []),
  ];
  const sections: MailBlock[][] = [
    [
      `${store} has shipped ${partial ? "part of " : ""}your order ${orderNumber(input.orderId)}.`,
      `In this parcel:\n${listOf(input.shipped)}`,
    ],
    ...(tracking.length ? [[{ details: tracking }] as MailBlock[]] : []),
    ...(input.trackingUrl ? [[{ button: "Track your parcel", url: input.trackingUrl }] as MailBlock[]] : []),
    ...(input.address ? [[`Shipping to:\n${addressLines(input.address).join("\n")}`]] : []),
    ...(partial
      ? [[`Still to ship:\n${listOf(input.remaining)}`, "We will email you again when the rest ships."]]
      : []),
    [
      {
        sentence: "Every shipment of this order is listed on your order page:",
        link: "View your order",
        url: input.orderUrl,
      },
    ],
  ];
  return mailLayout({
    to: input.to,
    subject: `${partial ? "Part of your order" : "Your order"} from ${store} has shipped`,
    sections,
    footer: "— Sellkit, on behalf of the seller",
  });
}
