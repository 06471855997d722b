import { escapeHtml } from "~/lib/escape-html";
import type { MailMessage } from "~/server/mail/mailer.server";
import { LOST_LINK_PATH, orderNumber } from "../content/delivery-rules";

export type LinkedPurchase = { orderId: string; productName: string; storeName: string; orderedOn: string; downloadUrl: string };

/** One mail listing each of a buyer's purchases with a fresh link to its download page. */
export function lostLinksMail(input: { to: string; appUrl: string; purchases: LinkedPurchase[] }): MailMessage {
  const intro = "You asked for new links to your purchases on Sellkit. Each link below opens the download page of one purchase.";
  const outro = `Keep this email: the links are your access to your purchases. If you did not ask for it, you can ignore it. Lost it again? Ask for new links at ${input.appUrl}${LOST_LINK_PATH}`;
  const text = [
    intro,
    "",
    ...input.purchases.flatMap((p) => [`${p.productName} from ${p.storeName} (order ${orderNumber(p.orderId)}, ${p.orderedOn})`, p.downloadUrl, ""]),
    outro,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    "<ul>",
    ...input.purchases.map(
      (p) =>
        `<li><a href="${escapeHtml(p.downloadUrl)}">${escapeHtml(p.productName)}</a> from ${escapeHtml(p.storeName)} (order ${orderNumber(p.orderId)}, ${escapeHtml(p.orderedOn)})</li>`,
    ),
    "</ul>",
    `<p>${escapeHtml(outro)}</p>`,
  ].join("");
  const subject = input.purchases.length === 1 ? "Your link to your purchase" : `Your links to your ${input.purchases.length} purchases`;
  return { to: input.to, subject, text, html };
}
