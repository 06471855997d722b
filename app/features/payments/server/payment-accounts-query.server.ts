import { sql } from "drizzle-orm";
import type { PageQuery } from "~/kernel/session/page-query.server";
import type { ConnectionStatus } from "~/features/payments/schema.server";

export type PaymentAccountSummary = {
  provider: string;
  status: Exclude<ConnectionStatus, "not_connected">;
  updatedAt: string;
};

/** The signed-in creator's provider account statuses, as part of the page's one statement. */
export const paymentAccountsQuery: PageQuery<PaymentAccountSummary[]> = {
  json: sql`coalesce((select json_agg(json_build_object('provider', a.provider, 'status', a.status, 'updatedAt', a.updated_at) order by a.provider)
    from payment_accounts a where a.user_id = me.user_id), '[]'::json)`,
  read: (json) => json as PaymentAccountSummary[],
};
