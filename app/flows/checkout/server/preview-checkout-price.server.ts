import { randomUUID } from "node:crypto";
import type { Database } from "~/db/database.server";
import { rolledBack } from "~/db/refusal.server";
import {
  type DiscountAttemptLimited,
  guardDiscountAttempt,
} from "~/domains/discounts/server/guard-discount-attempt.server";
import type { RequestMeta } from "~/server/http/request-meta.server";
import { type OrderPrice, type PriceFailure, type PriceInput, priceOrder } from "./price-order.server";
import type { ResolvedLine } from "./resolve-checkout-lines.server";

type Priced = ({ ok: true } & OrderPrice) | PriceFailure;

function rolledBackPrice(db: Database, lines: readonly ResolvedLine[], input: PriceInput): Promise<Priced> {
  return rolledBack(db, (tx) => priceOrder(tx, lines, input, randomUUID()));
}

/**
 * The price summary and shipping options the buy page shows, computed by the checkout in a rolled-back transaction.
 * A preview never holds a use; the code tried counts against the discount attempt limits.
 */
export async function previewCheckoutPrice(
  db: Database,
  lines: readonly ResolvedLine[],
  input: { discountCode?: string; country?: string; shippingRateId?: string },
  meta: RequestMeta,
): Promise<Priced | DiscountAttemptLimited> {
  const base = { ...input, final: false };
  if (!input.discountCode?.trim()) return rolledBackPrice(db, lines, base);
  const attempt = await guardDiscountAttempt(db, { sellerId: lines[0]!.product.sellerId, ipAddress: meta.ipAddress });
  if (!attempt.ok) return attempt;
  return attempt.settle(await rolledBackPrice(db, lines, { ...base, clientIp: meta.ipAddress }));
}
