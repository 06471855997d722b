import type { MailMessage } from "~/server/mail/mailer.server";

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The buyer's receipt: what they bought, from whom, for how much, and the link to their downloads. */
export function receiptMail(input: { to: string; orderId: string; productName: string; amount: string; storeName: string; downloadUrl: string }): MailMessage {
  const lines = [
    `Thank you for your purchase from ${input.storeName}.`,
    `Product: ${input.productName}`,
    `Amount paid: ${input.amount}`,
    `Order: ${input.orderId}`,
    "Your files are ready: open the link below to download them. Keep this email — the link is your access to your purchase.",
  ];
  const text = [...lines, "", `Download your files: ${input.downloadUrl}`, "", "— Sellkit, on behalf of the seller"].join("\n");
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(input.downloadUrl)}">Download your files</a></p>`,
    "<p>— Sellkit, on behalf of the seller</p>",
  ].join("");
  return { to: input.to, subject: `Your receipt from ${input.storeName}: ${input.productName}`, text, html };
}
