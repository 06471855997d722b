import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { recordSecurityEvent } from "~/features/security/server/record-security-event.server";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { PaymentEvent, ProviderId } from "./payment-provider.server";

type AccountUpdated = Extract<PaymentEvent, { type: "account.updated" }>;

/**
 * A provider says a seller's account changed (Stripe's account.updated): its status and details are written on
 * the seller's payment_accounts row (found by provider and the provider's account id, or PayPal's tracking id). The first time it becomes
 * ready, a `payment_provider_connected` security event is written in the same transaction. Returns whether a row
 * was found.
 */
export async function applyAccountUpdate(db: Database, provider: ProviderId, event: AccountUpdated, meta: RequestMeta = {}): Promise<boolean> {
  // PayPal names the merchant in its onboarding webhook, while the seller's row may still hold the tracking id it
  // was onboarded with (until the seller's return reads the merchant id): either finds the row, which then keeps
  // the provider's own id.
  const trackingId = typeof event.details.trackingId === "string" ? event.details.trackingId : event.accountId;
  const result = await db.execute(sql`
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
  const row = (result as unknown as { rows: { user_id: string; previous_status: string }[] }).rows[0];
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
