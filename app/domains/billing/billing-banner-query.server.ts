import { sql } from "drizzle-orm";
import type { BillingBannerState } from "~/domains/billing/content/billing-banner-texts";
import { jsonObject, jsonRow, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { billingCustomers, billingSubscriptions, testBillingCustomers } from "./tables.server";

const subscription = jsonRow(
  jsonObject({
    status: billingSubscriptions.status,
    trialEndsAt: billingSubscriptions.trialEndsAt,
    graceEndsAt: billingSubscriptions.graceEndsAt,
    hasPaymentMethod: billingSubscriptions.hasPaymentMethod,
  }),
  sql`from ${billingSubscriptions} where ${billingSubscriptions.userId} = me.user_id`,
);

// The test provider's moved clock, else the database's time, as readBillingState counts it.
const clockNow = sql<string>`coalesce((select ${testBillingCustomers.clockAt} from ${billingCustomers}
  join ${testBillingCustomers} on ${testBillingCustomers.customerId} = ${billingCustomers.customerId}
  where ${billingCustomers.userId} = me.user_id and ${billingCustomers.provider} = 'test'), now())`;

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** The workspace banner's billing as a page query part, so every signed-in page still reads in one statement. */
export const billingBannerQuery: PageQuery<BillingBannerState | null> = pagePart(
  jsonObject({ subscription, clockNow }),
  ({ subscription, clockNow }) =>
    subscription
      ? {
          status: subscription.status,
          trialEndsAt: iso(subscription.trialEndsAt),
          graceEndsAt: iso(subscription.graceEndsAt),
          hasPaymentMethod: subscription.hasPaymentMethod,
          clockNow: new Date(clockNow).toISOString(),
        }
      : null,
);
