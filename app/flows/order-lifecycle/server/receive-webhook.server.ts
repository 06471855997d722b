import { WebhookVerificationError } from "~/server/http/webhook-verification-error.server";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { Refusal, refusable } from "~/db/refusal.server";
import { PROVIDER_IDS } from "~/domains/payments/content/providers";
import { applyAccountUpdate } from "~/domains/payments/server/apply-account-update.server";
import type { PaymentProviders, ProviderId } from "~/domains/payments/server/payment-provider.server";
import {
  markWebhookProcessed,
  markWebhookUnmatched,
  storeWebhookEvent,
} from "~/domains/payments/server/webhook-events.server";
import { type Failure, fail } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { applyPaymentEvent } from "./apply-payment-event.server";

/** From this many deliveries of an event whose order is still not found, each one is logged as an error (an alert). */
export const UNMATCHED_WEBHOOK_ALERT_ATTEMPTS = 5;

export type WebhookResult =
  | { ok: true; duplicate: boolean; eventId: string; errors: string[] }
  | Failure<"WEBHOOK_PROVIDER_UNKNOWN" | "WEBHOOK_INVALID" | "WEBHOOK_ORDER_NOT_FOUND">;

/** The webhook intake: verifies a delivery, then stores and applies its events once, in one transaction. */
export async function receiveWebhook(
  services: { db: Database; mailer: Mailer; logger: Logger; payments: PaymentProviders; env: { APP_URL: string } },
  providerId: string,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
  meta: RequestMeta = {},
): Promise<WebhookResult> {
  const provider = (PROVIDER_IDS as readonly string[]).includes(providerId)
    ? services.payments[providerId as ProviderId]
    : undefined;
  if (!provider) return fail("WEBHOOK_PROVIDER_UNKNOWN");
  let verified: Awaited<ReturnType<typeof provider.verifyWebhook>>;
  try {
    verified = await provider.verifyWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      services.logger.warn({ provider: provider.id, reason: error.message }, "webhook refused: verification failed");
      return fail("WEBHOOK_INVALID");
    }
    throw error;
  }
  return inTransaction(services.db, async (tx) => {
    const row = await storeWebhookEvent(tx, provider.id, verified);
    if (!row) return { ok: true, duplicate: true, eventId: verified.eventId, errors: [] };
    const cause = `webhook:${provider.id}:${verified.eventId}`.slice(0, 300);
    // An order not found undoes everything the event applied: its own transaction is a savepoint.
    const applied = await refusable<{ ok: true; errors: string[] }, { ok: false; missing: string[] }>(
      tx,
      async (savepoint) => {
        const found: string[] = [];
        const missing: string[] = [];
        const moveServices = { db: savepoint, mailer: services.mailer, appUrl: services.env.APP_URL };
        for (const event of verified.events) {
          if (event.type === "account.updated") {
            if (!(await applyAccountUpdate(moveServices.db, provider.id, event, meta)))
              found.push(`no payment account ${event.accountId}`);
            continue;
          }
          const applied = await applyPaymentEvent(moveServices, provider.id, event, cause);
          if (applied.missing) missing.push(applied.error ?? `no order for ${event.type}`);
          else if (applied.error) found.push(applied.error);
          if (applied.rejected)
            services.logger.warn(
              { provider: provider.id, eventId: verified.eventId, reason: applied.error },
              "webhook event rejected",
            );
        }
        if (missing.length) throw new Refusal({ ok: false as const, missing });
        return { ok: true as const, errors: found };
      },
    );
    if (!applied.ok) {
      const attempts = Number(row.unmatched_attempts) + 1;
      await markWebhookUnmatched(tx, row.id, attempts, applied.missing.join("; "));
      const log = { provider: provider.id, eventId: verified.eventId, attempts, errors: applied.missing };
      if (attempts >= UNMATCHED_WEBHOOK_ALERT_ATTEMPTS)
        services.logger.error(log, "webhook still finds no order: left unprocessed for the provider's retry");
      else services.logger.warn(log, "webhook finds no order yet: left unprocessed for the provider's retry");
      return fail("WEBHOOK_ORDER_NOT_FOUND");
    }
    const { errors } = applied;
    await markWebhookProcessed(tx, row.id, errors);
    if (errors.length)
      services.logger.warn(
        { provider: provider.id, eventId: verified.eventId, errors },
        "webhook stored with events that could not be applied",
      );
    return { ok: true, duplicate: false, eventId: verified.eventId, errors };
  });
}
