import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { PaymentEvent, ProviderId } from "./payment-provider.server";

type AccountUpdated = Extract<PaymentEvent, { type: "account.updated" }>;

/**
 * Writes a provider's account update on the seller's payment_accounts row, with a security event the first time it is
 * ready; returns whether a row matched.
 */
export async function applyAccountUpdate(
  db: Database,
  provider: ProviderId,
  event: AccountUpdated,
  meta: RequestMeta = {},
): Promise<boolean> {
  // PayPal's webhook names the merchant while the row may still hold the onboarding tracking id: either finds it.
  const trackingId = typeof event.details.trackingId === "string" ? event.details.trackingId : event.accountId;
  const result = await db.execute<{ user_id: string; previous_status: string }>(sql`
    with previous as (
      select id, status from payment_accounts
      where provider = ${provider} and external_account_id in (${event.accountId}, ${trackingId})
      order by (external_account_id = ${event.accountId}) desc
      limit 1
      for update
    )
    update payment_accounts a set external_account_id = ${event.accountId}, status = ${event.status},
      details = ${JSON.stringify(event.details)}::jsonb, updated_at = now()
    from previous p where a.id = p.id
    returning a.user_id, p.status as previous_status`);
  const row = result.rows[0];
  if (!row) return false;
  if (event.status === "ready" && row.previous_status !== "ready") {
    await recordSecurityEvent(
      db,
      {
        userId: row.user_id,
        eventType: "payment_provider_connected",
        eventCategory: "account",
        severity: "medium",
        riskScore: 3,
        details: { provider, accountId: event.accountId },
      },
      meta,
    );
  }
  return true;
}
