import type { Database } from "~/db/database.server";
import { syncOrderSale } from "~/domains/analytics/server/sync-order-sale.server";
import { announceOrderChange } from "~/domains/orders/server/announce-order-change.server";
import { refreshCustomerTotals } from "~/domains/orders/server/refresh-customer-totals.server";
import { syncLocationSale } from "~/domains/orders/server/sync-location-sale.server";

/**
 * What follows every change of an order's figures — its state, `paid_at` or refunded total — in the transaction of
 * the change: the analytics read model (decision 020), the sales per stock location, and, when a sale started,
 * changed or stopped (anything but an expiry), the buyer's customer totals and the notice to the seller's open
 * dashboards (sent when the transaction commits). The payout job finds changed orders by `orders.updated_at` and needs
 * no call. `transitionOrder` and `recordRefund` call this and nothing else: a new reader of sales is added here.
 */
export async function followOrderChange(
  tx: Database,
  orderId: string,
  { saleChanged }: { saleChanged: boolean },
): Promise<void> {
  await syncOrderSale(tx, orderId);
  await syncLocationSale(tx, orderId);
  if (!saleChanged) return;
  await refreshCustomerTotals(tx, orderId);
  await announceOrderChange(tx, orderId);
}
