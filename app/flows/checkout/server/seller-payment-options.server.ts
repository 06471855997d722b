import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { PaymentProvider, PaymentProviders, ProviderId } from "~/domains/payments/server/payment-provider.server";

/** A provider a seller's checkout can use now, with the seller's account at it (null for the test provider). */
export type PaymentOption = { provider: ProviderId; sellerAccountId: string | null };

/**
 * The providers a seller's checkout can use now: configured ones where the seller's account is ready, plus the test
 * provider when on.
 */
export async function sellerPaymentOptions(
  services: { db: Database; payments: PaymentProviders },
  sellerId: string,
): Promise<PaymentOption[]> {
  const options: PaymentOption[] = [];
  if (services.payments.test) options.push({ provider: "test", sellerAccountId: null });
  const external = (["stripe", "paypal"] as const).filter((id) => services.payments[id]);
  if (external.length === 0) return options;
  const result = await services.db.execute<{ provider: ProviderId; external_account_id: string }>(sql`
    select provider, external_account_id from payment_accounts
    where user_id = ${sellerId} and status = 'ready' and external_account_id is not null
      and provider in (${sql.join(
        external.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  const ready = new Map(result.rows.map((r) => [r.provider, r.external_account_id]));
  for (const id of external) {
    const account = ready.get(id);
    if (account) options.push({ provider: id, sellerAccountId: account });
  }
  return options;
}

/** The configured provider of an option. */
export function providerOf(payments: PaymentProviders, id: ProviderId): PaymentProvider | null {
  return payments[id] ?? null;
}
