import { mailLayout } from "~/server/mail/mail-layout.server";
import type { MailMessage } from "~/server/mail/mailer.server";
import { LOST_LINK_PATH, orderNumber } from "../content/delivery-rules";

export type LinkedPurchase = {
  orderId: string;
  productName: string;
  storeName: string;
  orderedOn: string;
  downloadUrl: string;
};

/** One mail listing each of a buyer's purchases with a fresh link to its download page. */
export function lostLinksMail(input: { to: string; appUrl: string; purchases: LinkedPurchase[] }): MailMessage {
  const intro =
    "You asked for new links to your purchases on Sellkit. Each link below opens the download page of one purchase.";
  const outro = `Keep this email: the links are your access to your purchases. If you did not ask for it, you can ignore it. Lost it again? Ask for new links at ${input.appUrl}${LOST_LINK_PATH}`;
  const links = input.purchases.map((p) => ({
    label: p.productName,
    url: p.downloadUrl,
    note: ` from ${p.storeName} (order ${orderNumber(p.orderId)}, ${p.orderedOn})`,
  }));
  const subject =
    input.purchases.length === 1
      ? "Your link to your purchase"
      : `Your links to your ${input.purchases.length} purchases`;
  return mailLayout({ to: input.to, subject, sections: [[intro], [{ links }], [outro]] });
}
