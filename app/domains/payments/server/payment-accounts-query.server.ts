import { sql } from "drizzle-orm";
import { jsonList, jsonObject, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { type ConnectionStatus, paymentAccounts } from "~/domains/payments/tables.server";

export type PaymentAccountSummary = {
  provider: string;
  status: Exclude<ConnectionStatus, "not_connected">;
  updatedAt: string;
};

/** The signed-in creator's provider account statuses, as part of the page's one statement. */
export const paymentAccountsQuery: PageQuery<PaymentAccountSummary[]> = pagePart(
  jsonList(
    jsonObject({
      provider: paymentAccounts.provider,
      status: paymentAccounts.status,
      updatedAt: paymentAccounts.updatedAt,
    }),
    sql`from ${paymentAccounts} where ${paymentAccounts.userId} = me.user_id`,
    { orderBy: sql`${paymentAccounts.provider}` },
  ),
);
