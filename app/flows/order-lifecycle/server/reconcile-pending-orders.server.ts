import { sql } from "drizzle-orm";
import { runEvery } from "~/server/tasks/run-every.server";
import { inTransaction, outsideTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { readOverdueOrders } from "~/domains/orders/server/read-overdue-orders.server";
import type { PaymentProviders } from "~/domains/payments/server/payment-provider.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { reconcileRefunds } from "./reconcile-refunds.server";
import { type PendingOrder, syncOrderStatus } from "./sync-order-status.server";

/** Pending orders older than this are asked about too (their webhook may have been lost). */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** At most this many orders per run (the oldest first); the next run takes the rest. */
export const RECONCILE_BATCH = 200;
/** One instance reconciles at a time: this transaction-level advisory lock key ("sellkit reconcile"). */
const RECONCILER_LOCK = 0x5e11c17;

type Services = { db: Database; mailer: Mailer; logger: Logger; payments: PaymentProviders; env: { APP_URL: string } };

export type ReconcileResult = { ran: boolean; checked: number; paid: number; expired: number; failed: number };

/** The expiry and reconciler sweep: asks providers about overdue or stale pending orders, one instance at a time. */
export async function reconcilePendingOrders(services: Services, now: Date = new Date()): Promise<ReconcileResult> {
  const result: ReconcileResult = { ran: false, checked: 0, paid: 0, expired: 0, failed: 0 };
  await inTransaction(services.db, async (tx) => {
    const locked = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${RECONCILER_LOCK}) as locked`,
    );
    if (!locked.rows[0]?.locked) return;
    result.ran = true;
    const pending = await readOverdueOrders(tx, {
      now,
      staleBefore: new Date(now.getTime() - RECONCILE_AFTER_MS),
      limit: RECONCILE_BATCH,
    });
    // The provider calls and moves run on their own connections, outside the lock's transaction.
    await outsideTransaction(async () => {
      for (const row of pending) {
        const order: PendingOrder = {
          id: row.id,
          provider: row.provider,
          providerCheckoutId: row.provider_checkout_id,
          expiresAt: row.expires_at ? new Date(row.expires_at) : null,
        };
        result.checked += 1;
        try {
          const status = await syncOrderStatus(services, order, {
            cause: "reconciler",
            expireIfUnpaid: order.expiresAt !== null && order.expiresAt <= now,
          });
          if (status?.state === "paid") result.paid += 1;
          else if (status?.state === "expired" || (order.expiresAt && order.expiresAt <= now)) result.expired += 1;
        } catch (error) {
          result.failed += 1;
          services.logger.error({ err: error, orderId: order.id }, "reconciler: could not check a pending order");
        }
      }
    });
  });
  return result;
}

/** Runs the sweep, then the refund reconciler, every `intervalMs`; returns the function that stops it. */
export function startReconciler(services: Services, intervalMs = 60_000): () => Promise<void> {
  const sweep = async () => {
    // A failed orders run does not hold the refunds back.
    await reconcilePendingOrders(services).catch((error) =>
      services.logger.error({ err: error }, "reconciler run failed"),
    );
    await reconcileRefunds(services);
  };
  return runEvery(sweep, intervalMs, services.logger, "reconciler run failed");
}
