import { addressLines } from "~/domains/orders/fulfilment-display";
import type { LineKind, ShippingAddress } from "~/domains/orders/order-lines";
import { type MailBlock, mailLayout } from "~/server/mail/mail-layout.server";
import type { MailMessage } from "~/server/mail/mailer.server";
import { orderNumber } from "../content/delivery-rules";

export type ReceiptInput = {
  to: string;
  orderId: string;
  productName: string;
  /** Each line with its units and formatted price before discount; a lone single unit shows as "Product". */
  lines?: { name: string; quantity: number; total: string; kind?: LineKind }[];
  /** Where the goods go, when the order holds any. */
  shippingAddress?: ShippingAddress | null;
  /** What was paid, formatted ("$9.00"). */
  amount: string;
  /** The discount, when a code lowered the price: the code and the amount taken off, formatted. */
  discount?: { code: string | null; amount: string } | null;
  storeName: string;
  /** A counter sale's: its subject names the store alone, as the cashier may have typed any address. */
  counter?: boolean;
  /** The date of the payment ("23 November 2026", UTC). */
  paidOn: string;
  downloadUrl: string;
  /** Where a buyer who lost the link asks for a new one (absolute). */
  lostLinkUrl: string;
};

function itemDetails(input: ReceiptInput): [string, string][] {
  const lines = input.lines ?? [];
  if (lines.length === 0 || (lines.length === 1 && lines[0]!.quantity === 1)) return [["Product", input.productName]];
  return lines.map((line) => ["Item", `${line.quantity} × ${line.name}: ${line.total}`]);
}

/** What the order holds: files to download, goods to ship, or both (lines without a kind are files). */
function holds(input: ReceiptInput): { files: boolean; goods: boolean } {
  const kinds = new Set((input.lines ?? []).map((line) => line.kind ?? "digital"));
  return { files: kinds.size === 0 || kinds.has("digital"), goods: kinds.has("physical") };
}

/** The receipt's closing sections, worded by what the order holds. */
function whatComesNext(input: ReceiptInput): MailBlock[][] {
  const { files, goods } = holds(input);
  const address = input.shippingAddress ? `Shipping to:\n${addressLines(input.shippingAddress).join("\n")}` : null;
  if (!goods) {
    const keep = "Your files are ready. Keep this email: the link is your access to your purchase.";
    return [[keep, { button: "Download your files", url: input.downloadUrl }]];
  }
  const ship = "We will email you when your goods ship, with a link to track the parcel.";
  if (!files) return [[ship, ...(address ? [address] : [])], [{ button: "View your order", url: input.downloadUrl }]];
  const keep = "Your files are ready to download now; keep this email: the link is your access to your purchase.";
  return [
    [keep, { button: "Download your files", url: input.downloadUrl }],
    [ship, ...(address ? [address] : [])],
  ];
}

/**
 * The buyer's receipt: what they bought, from whom, when, for how much, and their download link or shipping address.
 */
export function receiptMail(input: ReceiptInput): MailMessage {
  const details: [string, string][] = [
    ["Order number", orderNumber(input.orderId)],
    ["Date", input.paidOn],
    ...itemDetails(input),
    ["Sold by", input.storeName],
    ...(input.discount
      ? [
          ["Discount", `${input.discount.code ? `${input.discount.code}: ` : ""}−${input.discount.amount}`] as [
            string,
            string,
          ],
        ]
      : []),
    ["Amount paid", input.amount],
  ];
  const thanks = `Thank you for your purchase from ${input.storeName}.`;
  const from = input.storeName ? `Your receipt from ${input.storeName}` : "Your receipt";
  return mailLayout({
    to: input.to,
    subject: input.counter ? from : `${from}: ${input.productName}`,
    sections: [
      [thanks],
      [{ details }],
      ...whatComesNext(input),
      [{ sentence: "Lost this email later?", link: "Ask for a new link", url: input.lostLinkUrl }],
    ],
    footer: "— Sellkit, on behalf of the seller",
  });
}
