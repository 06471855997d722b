import { formatLongDate } from "~/lib/format-date";
import { formatMoney } from "~/lib/money";
import { feePercent, PLAN_TABLE, type PlanId } from "~/lib/plans";
import { mailLayout } from "~/server/mail/mail-layout.server";
import { BILLING_PAGE_PATH } from "~/domains/billing/billing-page-path";
import type { MailMessage } from "~/server/mail/mailer.server";

/** What a billing mail is about, with the facts it states. */
export type BillingMailFacts =
  | { kind: "trial_reminder"; plan: PlanId; trialEndsAt: Date; hasPaymentMethod: boolean }
  | { kind: "trial_ended"; plan: PlanId }
  | { kind: "payment_failed"; plan: PlanId; amountMinor: number; currency: string; graceEndsAt: Date }
  | { kind: "lapsed"; plan: PlanId }
  | { kind: "subscribed"; plan: PlanId }
  | { kind: "payment_succeeded"; plan: PlanId; amountMinor: number; currency: string; invoiceUrl: string | null };

const FOOTER = "You get this email because you have a Sellkit account. — The Sellkit team";

/** The mail of a billing event, with absolute links to the billing page. */
export function billingMail(to: string, appUrl: string, facts: BillingMailFacts): MailMessage {
  const name = PLAN_TABLE[facts.plan].name;
  const billingUrl = `${appUrl}${BILLING_PAGE_PATH}`;
  const open = { button: "Open Billing", url: billingUrl };
  const starterFee = feePercent(PLAN_TABLE.starter.feeBasisPoints);
  switch (facts.kind) {
    case "trial_reminder":
      return mailLayout({
        to,
        subject: `Your ${name} trial ends on ${formatLongDate(facts.trialEndsAt.toISOString())}`,
        sections: [
          [
            `Your free ${name} trial ends in 3 days, on ${formatLongDate(facts.trialEndsAt.toISOString())}.`,
            facts.hasPaymentMethod
              ? `Your card on file will be charged then, and ${name} continues without a break.`
              : `Add a card to keep ${name}. Without one your store returns to Starter, with its ${starterFee} fee on each sale; nothing is deleted.`,
          ],
          [{ button: facts.hasPaymentMethod ? "Open Billing" : "Add a card", url: billingUrl }],
        ],
        footer: FOOTER,
      });
    case "trial_ended":
      return mailLayout({
        to,
        subject: `Your ${name} trial has ended`,
        sections: [
          [
            `Your free ${name} trial has ended without a card, so your store is back on Starter: new sales pay its ${starterFee} fee.`,
            "Everything you made is kept. Add a card and resume to get it back at once.",
          ],
          [{ button: "Add a card and resume", url: billingUrl }],
        ],
        footer: FOOTER,
      });
    case "payment_failed":
      return mailLayout({
        to,
        subject: `We could not charge your card for ${name}`,
        sections: [
          [
            `Your payment of ${formatMoney(facts.amountMinor, facts.currency.toUpperCase())} for the ${name} plan failed. We will try your card again over the next days.`,
            `Update your card by ${formatLongDate(facts.graceEndsAt.toISOString())} to keep ${name}; after that your store returns to Starter's rules.`,
          ],
          [{ button: "Update your card", url: billingUrl }],
        ],
        footer: FOOTER,
      });
    case "lapsed":
      return mailLayout({
        to,
        subject: `Your ${name} plan has ended`,
        sections: [
          [
            `We could not collect the payment for ${name}, so your store now follows Starter's rules, with its ${starterFee} fee on each new sale.`,
            "Nothing is deleted. Subscribe again on the Billing page to get everything back.",
          ],
          [open],
        ],
        footer: FOOTER,
      });
    case "subscribed":
      return mailLayout({
        to,
        subject: `Your ${name} plan is active`,
        sections: [[`Thank you: your store is now on the ${name} plan.`], [open]],
        footer: FOOTER,
      });
    case "payment_succeeded":
      return mailLayout({
        to,
        subject: `Payment received for ${name}`,
        sections: [
          [
            `We received your payment of ${formatMoney(facts.amountMinor, facts.currency.toUpperCase())} for the ${name} plan.`,
          ],
          [facts.invoiceUrl ? { button: "View invoice", url: facts.invoiceUrl } : open],
        ],
        footer: FOOTER,
      });
  }
}
