import { sql } from "drizzle-orm";
import { inTransaction, outsideTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { readStrandedRefunds } from "~/domains/orders/server/refund-rows.server";
import type { PaymentProviders, ProviderId } from "~/domains/payments/server/payment-provider.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { settleRefund } from "./settle-refund.server";

/** An unknown refund is asked about once it is this old (the provider may still be working on a timed-out call). */
export const RECONCILE_REFUND_AFTER_MS = 60_000;
/** A pending refund this old lost its caller (a process stopped during the provider call): it is asked about too. */
export const STALE_PENDING_REFUND_MS = 15 * 60_000;
/** At most this many refunds per run (the oldest first); the next run takes the rest. */
const RECONCILE_REFUND_BATCH = 100;
/** One instance reconciles refunds at a time: this transaction-level advisory lock key ("sellkit refunds"). */
const REFUND_RECONCILER_LOCK = 0x5e11cf5;

type Services = { db: Database; mailer: Mailer; logger: Logger; payments: PaymentProviders; env: { APP_URL: string } };

export type ReconcileRefundsResult = {
  ran: boolean;
  checked: number;
  succeeded: number;
  failed: number;
  errors: number;
};

/** The refund reconciler: looks up refunds that lost their answer or their caller, and settles them. */
export async function reconcileRefunds(services: Services, now: Date = new Date()): Promise<ReconcileRefundsResult> {
  const result: ReconcileRefundsResult = { ran: false, checked: 0, succeeded: 0, failed: 0, errors: 0 };
  await inTransaction(services.db, async (tx) => {
    const locked = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${REFUND_RECONCILER_LOCK}) as locked`,
    );
    if (!locked.rows[0]?.locked) return;
    result.ran = true;
    const waiting = await readStrandedRefunds(tx, {
      unknownBefore: new Date(now.getTime() - RECONCILE_REFUND_AFTER_MS),
      pendingBefore: new Date(now.getTime() - STALE_PENDING_REFUND_MS),
      limit: RECONCILE_REFUND_BATCH,
    });
    const settling = { db: services.db, mailer: services.mailer, appUrl: services.env.APP_URL };
    // The provider calls and the settling run on their own connections, outside the lock's transaction.
    await outsideTransaction(async () => {
      for (const row of waiting) {
        const provider = services.payments[row.provider as ProviderId];
        if (!provider?.findRefund) continue;
        result.checked += 1;
        try {
          const found = await provider.findRefund({
            paymentId: row.provider_payment_id,
            checkoutId: row.provider_checkout_id,
            idempotencyKey: row.id,
          });
          // Never made (missing) or refused: nothing was refunded.
          const settled = await settleRefund(
            settling,
            row.id,
            found.status === "succeeded" || found.status === "pending"
              ? { status: "succeeded", providerRefundId: found.refundId, refundedCents: found.refundedCents }
              : { status: "failed" },
            "seller_refund:reconciler",
            {},
          );
          if (settled?.status === "succeeded") result.succeeded += 1;
          else if (settled?.status === "failed") result.failed += 1;
        } catch (error) {
          result.errors += 1;
          services.logger.error({ err: error, refundId: row.id }, "refund reconciler: could not check a refund");
        }
      }
    });
  });
  return result;
}
