import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { DIRECT_ATTRIBUTION, type OrderAttribution } from "~/domains/analytics/content/attribution";
import type { Database } from "~/db/database.server";
import { Refusal, refusable } from "~/db/refusal.server";
import {
  type DiscountAttemptLimited,
  guardDiscountAttempt,
} from "~/domains/discounts/server/guard-discount-attempt.server";
import { ensureOnlineLocation } from "~/domains/inventory/server/ensure-online-location.server";
import { reserveStock, type StockShortage } from "~/domains/inventory/server/reserve-stock.server";
import type { ShippingAddress } from "~/domains/orders/order-lines";
import { orderLines, orders } from "~/domains/orders/tables.server";
import { transitionOrder } from "~/flows/order-lifecycle/server/transition-order.server";
import type { HostedCheckout, PaymentProviders, ProviderId } from "~/domains/payments/server/payment-provider.server";
import { type Failure, fail } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { consumeRateLimits, type RateLimitRule } from "~/server/rate-limit/consume-rate-limit.server";
import { orderSummary } from "~/flows/checkout/order-summary";
import { describeShortages } from "~/flows/checkout/stock-message";
import { addressErrors, cleanAddress } from "~/domains/shipping/address";
import { type PriceFailure, priceOrder } from "./price-order.server";
import { type CheckoutLineInput, type ResolveFailure, resolveCheckoutLines } from "./resolve-checkout-lines.server";
import { sellerPaymentOptions } from "./seller-payment-options.server";

/** Checkouts started per client IP and per buyer email. */
export const CHECKOUT_RATE_LIMITS = {
  perIp: { name: "checkout-ip", limit: 30, windowSeconds: 10 * 60 },
  perEmail: { name: "checkout-email", limit: 10, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimitRule>;

/** How long a checkout waits for its payment before the order expires and its discount reservation is released. */
const CHECKOUT_EXPIRY_MINUTES = 30;

export type CheckoutInput = {
  /** What is bought, all from one seller. */
  lines: CheckoutLineInput[];
  email: string;
  discountCode?: string;
  /** The pay button pressed; not needed when the order is free. */
  provider?: ProviderId;
  /** Where physical lines ship; required when one is present. */
  shippingAddress?: ShippingAddress;
  /** The shipping option chosen from those serving the address's country. */
  shippingRateId?: string;
  /** Where the buyer came from (a referrer, an embedding site, a tracked link); direct when absent. */
  attribution?: OrderAttribution;
};

/** An attribution as the orders row keeps it. */
function attributionColumns(attribution: OrderAttribution) {
  return {
    source: attribution.source,
    utmSource: attribution.utmSource,
    utmMedium: attribution.utmMedium,
    utmCampaign: attribution.utmCampaign,
    attributionRef: attribution.ref,
  };
}

/** Lines the Online location cannot supply: each with its index in the input, what was asked and what is left. */
export type StockRefused = Failure<"STOCK_INSUFFICIENT"> & { shortages: (StockShortage & { line: number })[] };

type Services = { db: Database; mailer: Mailer; logger: Logger; payments: PaymentProviders; env: { APP_URL: string } };

export type CheckoutResult =
  /** Where the buyer goes now: the provider's hosted page, or (free orders) the order's return page (`returnUrl`). */
  | { ok: true; orderId: string; redirectUrl: string; returnUrl: string; free: boolean }
  | PriceFailure
  | ResolveFailure
  | StockRefused
  | Failure<"CHECKOUT_SELLER_NOT_READY" | "CHECKOUT_PROVIDER_UNAVAILABLE" | "CHECKOUT_FAILED">
  | (Failure<"CHECKOUT_RATE_LIMITED"> & { retryAfterSeconds: number })
  | DiscountAttemptLimited;

/** SHA-256 (hex) of an order's return key: what orders.return_key_hash keeps. */
export function hashReturnKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The buyer's page of an order's outcome, opened by the secret key only their browser has. */
export function orderReturnUrl(appUrl: string, orderId: string, key: string): string {
  return `${appUrl}/checkout/${orderId}?key=${encodeURIComponent(key)}`;
}

/** A refused hold as the checkout's failure. */
function stockRefused(
  shortages: StockShortage[],
  lines: readonly { variant: { id: string } | null; product: { name: string } }[],
): StockRefused {
  const described = describeShortages(
    shortages,
    lines.map((line) => ({ variantId: line.variant?.id ?? null, productName: line.product.name })),
  );
  return { ...fail("STOCK_INSUFFICIENT", described.message), shortages: described.shortages };
}

/**
 * Starts a buyer's checkout of one seller's lines, priced on the server.
 * One transaction inserts the pending order and its lines, reserves the discount and holds the physical units.
 * Then the provider's hosted checkout carries the order id; a free order moves to paid at once.
 */
export async function createCheckout(
  services: Services,
  input: CheckoutInput,
  meta: RequestMeta,
): Promise<CheckoutResult> {
  const limit = await consumeRateLimits(services.db, [
    { rule: CHECKOUT_RATE_LIMITS.perIp, key: `ip:${meta.ipAddress ?? "unknown"}` },
    { rule: CHECKOUT_RATE_LIMITS.perEmail, key: `email:${input.email.toLowerCase()}` },
  ]);
  if (!limit.allowed) return { ...fail("CHECKOUT_RATE_LIMITED"), retryAfterSeconds: limit.retryAfterSeconds };

  const resolved = await resolveCheckoutLines(services.db, input.lines);
  if (!resolved.ok) return resolved;
  const seller = resolved.seller;
  const ships = resolved.lines.some((line) => line.variant !== null);
  const address = ships && input.shippingAddress ? input.shippingAddress : null;
  if (ships && (!address || Object.keys(addressErrors(address)).length > 0)) return fail("CHECKOUT_ADDRESS_REQUIRED");
  const attempt = input.discountCode?.trim()
    ? await guardDiscountAttempt(services.db, { sellerId: seller.sellerId, ipAddress: meta.ipAddress })
    : null;
  if (attempt && !attempt.ok) return attempt;
  const options = await sellerPaymentOptions(services, seller.sellerId);

  const appUrl = services.env.APP_URL;
  const orderId = randomUUID();
  const returnKey = randomBytes(24).toString("base64url");
  const returnUrl = orderReturnUrl(appUrl, orderId, returnKey);
  const expiresAt = new Date(Date.now() + CHECKOUT_EXPIRY_MINUTES * 60_000);
  const moveServices = { db: services.db, mailer: services.mailer, appUrl };

  const created = await refusable(services.db, async (tx) => {
    const price = await priceOrder(
      tx,
      resolved.lines,
      {
        discountCode: input.discountCode,
        clientIp: meta.ipAddress,
        country: address?.country,
        shippingRateId: input.shippingRateId,
        final: true,
      },
      orderId,
    );
    if (!price.ok) throw new Refusal(price);
    const free = price.amountCents === 0;
    const option = free ? null : (options.find((o) => o.provider === input.provider) ?? null);
    if (!free && !option)
      throw new Refusal(fail(options.length ? "CHECKOUT_PROVIDER_UNAVAILABLE" : "CHECKOUT_SELLER_NOT_READY"));
    const lines = price.lines.map((line, position) => ({
      orderId,
      position,
      kind: line.variant ? ("physical" as const) : ("digital" as const),
      productId: line.product.id,
      variantId: line.variant?.id ?? null,
      productName: line.product.name,
      variantTitle: line.variant?.title ?? "",
      sku: line.variant?.sku ?? null,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      subtotalCents: line.subtotalCents,
      discountCents: line.discountCents,
    }));
    const description = orderSummary(lines);
    const locationId = ships ? await ensureOnlineLocation(tx, seller.sellerId) : null;
    await tx.insert(orders).values({
      id: orderId,
      userId: seller.sellerId,
      storeName: seller.store.name,
      customerEmail: input.email.trim().toLowerCase(),
      status: "pending",
      subtotalCents: price.subtotalCents,
      discountCents: price.discountCents,
      amountCents: price.amountCents,
      platformFeeCents: price.platformFeeCents,
      currency: price.currency,
      discountCodeId: price.discount?.id ?? null,
      discountCode: price.discount?.code ?? null,
      provider: option?.provider ?? null,
      returnKeyHash: hashReturnKey(returnKey),
      expiresAt,
      shippingAddress: address ? cleanAddress(address) : null,
      shippingRateName: price.shipping?.name ?? null,
      shippingCents: price.shippingCents,
      fulfilmentStatus: ships ? "unfulfilled" : "none",
      locationId,
      ...attributionColumns(input.attribution ?? DIRECT_ATTRIBUTION),
    });
    const inserted = await tx.insert(orderLines).values(lines).returning({ id: orderLines.id });
    if (locationId) {
      const claims = price.lines.flatMap((line, i) =>
        line.variant
          ? [
              {
                orderLineId: inserted[i]!.id,
                variantId: line.variant.id,
                quantity: line.quantity,
                allowBackorder: line.product.allowBackorder,
              },
            ]
          : [],
      );
      const held = await reserveStock(tx, {
        orderId,
        sellerId: seller.sellerId,
        locationId,
        expiresAt,
        claims,
      });
      if (!held.ok) throw new Refusal(stockRefused(held.shortages, price.lines));
    }
    if (free) await transitionOrder({ ...moveServices, db: tx }, orderId, { to: "paid", cause: "free" });
    return {
      ok: true as const,
      free,
      option,
      amountCents: price.amountCents,
      platformFeeCents: price.platformFeeCents,
      currency: price.currency,
      description,
    };
  });
  if (!created.ok) return (attempt ? await attempt.settle(created) : created) as Exclude<CheckoutResult, { ok: true }>;
  await attempt?.settle({ ok: true });
  if (created.free || !created.option) return { ok: true, orderId, redirectUrl: returnUrl, returnUrl, free: true };

  const provider = services.payments[created.option.provider];
  let hosted: HostedCheckout;
  try {
    if (!provider) throw new Error(`provider ${created.option.provider} is not configured`);
    hosted = await provider.createCheckout({
      orderId,
      amountCents: created.amountCents,
      currency: created.currency,
      platformFeeCents: created.platformFeeCents,
      description: created.description,
      buyerEmail: input.email.trim().toLowerCase(),
      sellerAccountId: created.option.sellerAccountId,
      successUrl: returnUrl,
      cancelUrl: `${returnUrl}&cancelled=1`,
      expiresAt,
    });
  } catch (error) {
    services.logger.error(
      { err: error, orderId, provider: created.option.provider },
      "checkout: the provider could not create a hosted checkout",
    );
    await transitionOrder(moveServices, orderId, { to: "expired", cause: "checkout_failed" });
    return fail("CHECKOUT_FAILED");
  }
  try {
    await services.db.update(orders).set({ providerCheckoutId: hosted.checkoutId }).where(eq(orders.id, orderId));
  } catch (error) {
    // The checkout exists and carries the order id: its payment's event finds the order by it and keeps the checkout id
    // then.
    services.logger.error(
      { err: error, orderId, checkoutId: hosted.checkoutId },
      "checkout: the hosted checkout's id could not be saved on its order",
    );
  }
  return { ok: true, orderId, redirectUrl: hosted.redirectUrl, returnUrl, free: false };
}
