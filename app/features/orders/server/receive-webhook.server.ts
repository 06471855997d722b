import { sql } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { applyAccountUpdate } from "~/features/payments/server/apply-account-update.server";
import { type PaymentProviders, type ProviderId, WebhookVerificationError } from "~/features/payments/server/payment-provider.server";
import { type Failure, fail } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { applyPaymentEvent } from "./apply-payment-event.server";

const PROVIDER_IDS: readonly string[] = ["test", "stripe", "paypal"];

export type WebhookResult = { ok: true; duplicate: boolean; eventId: string; errors: string[] } | Failure<"WEBHOOK_PROVIDER_UNKNOWN" | "WEBHOOK_INVALID">;

/**
 * The webhook intake (issue 15.1; decision 019), for POST /api/webhooks/:provider and the test provider alike:
 * the provider verifies the delivery (signature and timestamp; refused → WEBHOOK_INVALID, nothing stored), then ONE
 * transaction stores it in webhook_events (unique per provider and event id: a repeated delivery stores and applies
 * nothing and is answered as received), applies its events (orders through applyPaymentEvent, sellers' accounts
 * through applyAccountUpdate), and marks it processed, with what could not be applied as its error.
 */
export async function receiveWebhook(
  services: { db: Database; mailer: Mailer; logger: Logger; payments: PaymentProviders; env: { APP_URL: string } },
  providerId: string,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
  meta: RequestMeta = {},
): Promise<WebhookResult> {
  const provider = PROVIDER_IDS.includes(providerId) ? services.payments[providerId as ProviderId] : undefined;
  if (!provider) return fail("WEBHOOK_PROVIDER_UNKNOWN");
  let verified: Awaited<ReturnType<typeof provider.verifyWebhook>>;
  try {
    verified = await provider.verifyWebhook(rawBody, headers);
  } catch (error) {
    // By its name too: the providers may come from another bundle than this module (the Node server's and React
    // Router's builds each have their own copy of the class).
    if (error instanceof WebhookVerificationError || (error instanceof Error && error.name === "WebhookVerificationError")) {
      services.logger.warn({ provider: provider.id, reason: error.message }, "webhook refused: verification failed");
      return fail("WEBHOOK_INVALID");
    }
    throw error;
  }
  return inTransaction(services.db, async (tx) => {
    const stored = await tx.execute(sql`
      insert into webhook_events (provider, event_id, type, payload)
      values (${provider.id}, ${verified.eventId}, ${verified.type.slice(0, 200)}, ${JSON.stringify(verified.payload ?? null)}::jsonb)
      on conflict (provider, event_id) do nothing
      returning id`);
    const row = (stored as unknown as { rows: { id: string }[] }).rows[0];
    if (!row) return { ok: true, duplicate: true, eventId: verified.eventId, errors: [] };
    const errors: string[] = [];
    const cause = `webhook:${provider.id}:${verified.eventId}`.slice(0, 300);
    const moveServices = { db: tx, mailer: services.mailer, appUrl: services.env.APP_URL };
    for (const event of verified.events) {
      if (event.type === "account.updated") {
        if (!(await applyAccountUpdate(tx, provider.id, event, meta))) errors.push(`no payment account ${event.accountId}`);
        continue;
      }
      const applied = await applyPaymentEvent(moveServices, provider.id, event, cause);
      if (applied.error) errors.push(applied.error);
    }
    await tx.execute(
      sql`update webhook_events set processed_at = now(), error = ${errors.length ? errors.join("; ").slice(0, 2000) : null} where id = ${row.id}::uuid`,
    );
    if (errors.length)
      services.logger.warn({ provider: provider.id, eventId: verified.eventId, errors }, "webhook stored with events that could not be applied");
    return { ok: true, duplicate: false, eventId: verified.eventId, errors };
  });
}
