import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import {
  type DiscountAttemptLimited,
  guardDiscountAttempt,
} from "~/features/discounts/server/guard-discount-attempt.server";
import { orderLines, orders } from "~/features/orders/schema.server";
import { transitionOrder } from "~/features/orders/server/transition-order.server";
import type { HostedCheckout, PaymentProviders, ProviderId } from "~/features/payments/server/payment-provider.server";
import { type Failure, fail } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { consumeRateLimits, type RateLimitRule } from "~/server/rate-limit/consume-rate-limit.server";
import { findCheckoutProduct, type ProductRef } from "./find-checkout-product.server";
import { type PriceFailure, priceOrder } from "./price-order.server";
import { sellerPaymentOptions } from "./seller-payment-options.server";

/** Checkouts started per client IP and per buyer email. */
export const CHECKOUT_RATE_LIMITS = {
  perIp: { name: "checkout-ip", limit: 30, windowSeconds: 10 * 60 },
  perEmail: { name: "checkout-email", limit: 10, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimitRule>;

/** How long a checkout waits for its payment before the order expires and its discount reservation is released. */
const CHECKOUT_EXPIRY_MINUTES = 30;

export type CheckoutInput = {
  product: ProductRef;
  email: string;
  /** The pay-what-you-want amount as typed (ignored for fixed-price and free products). */
  amount?: string;
  discountCode?: string;
  /** The pay button pressed; not needed when the order is free. */
  provider?: ProviderId;
};

type Services = { db: Database; mailer: Mailer; logger: Logger; payments: PaymentProviders; env: { APP_URL: string } };

export type CheckoutResult =
  /** Where the buyer goes now: the provider's hosted page, or (free orders) the order's return page. */
  | { ok: true; orderId: string; redirectUrl: string; free: boolean }
  | PriceFailure
  | Failure<
      "CHECKOUT_PRODUCT_UNAVAILABLE" | "CHECKOUT_SELLER_NOT_READY" | "CHECKOUT_PROVIDER_UNAVAILABLE" | "CHECKOUT_FAILED"
    >
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

class PriceRefused extends Error {
  constructor(readonly failure: Failure) {
    super(failure.code);
  }
}

/**
 * Starts a buyer's checkout: priced on the server, the order inserted `pending` with its discount reserved, then the
 * provider's hosted checkout, which carries the order id. A free order moves to paid at once, like a paid one.
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

  const product = await findCheckoutProduct(services.db, input.product);
  if (product?.status !== "published") return fail("CHECKOUT_PRODUCT_UNAVAILABLE");
  const attempt = input.discountCode?.trim()
    ? await guardDiscountAttempt(services.db, { sellerId: product.sellerId, ipAddress: meta.ipAddress })
    : null;
  if (attempt && !attempt.ok) return attempt;
  const options = await sellerPaymentOptions(services, product.sellerId);

  const appUrl = services.env.APP_URL;
  const orderId = randomUUID();
  const returnKey = randomBytes(24).toString("base64url");
  const returnUrl = orderReturnUrl(appUrl, orderId, returnKey);
  const expiresAt = new Date(Date.now() + CHECKOUT_EXPIRY_MINUTES * 60_000);
  const moveServices = { db: services.db, mailer: services.mailer, appUrl };

  let created: {
    free: boolean;
    option: (typeof options)[number] | null;
    amountCents: number;
    platformFeeCents: number;
    currency: string;
  };
  try {
    created = await inTransaction(services.db, async (tx) => {
      const price = await priceOrder(tx, product, { ...input, clientIp: meta.ipAddress }, orderId);
      if (!price.ok) throw new PriceRefused(price);
      const free = price.amountCents === 0;
      const option = free ? null : (options.find((o) => o.provider === input.provider) ?? null);
      if (!free && !option)
        throw new PriceRefused(fail(options.length ? "CHECKOUT_PROVIDER_UNAVAILABLE" : "CHECKOUT_SELLER_NOT_READY"));
      await tx.insert(orders).values({
        id: orderId,
        userId: product.sellerId,
        storeName: product.store.name,
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
      });
      await tx.insert(orderLines).values({
        orderId,
        kind: "digital",
        productId: product.id,
        productName: product.name,
        unitPriceCents: price.subtotalCents,
        quantity: 1,
        subtotalCents: price.subtotalCents,
        discountCents: price.discountCents,
      });
      if (free) await transitionOrder({ ...moveServices, db: tx }, orderId, { to: "paid", cause: "free" });
      return {
        free,
        option,
        amountCents: price.amountCents,
        platformFeeCents: price.platformFeeCents,
        currency: price.currency,
      };
    });
  } catch (error) {
    if (error instanceof PriceRefused)
      return (attempt ? await attempt.settle(error.failure) : error.failure) as Exclude<CheckoutResult, { ok: true }>;
    throw error;
  }
  await attempt?.settle({ ok: true });
  if (created.free || !created.option) return { ok: true, orderId, redirectUrl: returnUrl, free: true };

  const provider = services.payments[created.option.provider];
  let hosted: HostedCheckout;
  try {
    if (!provider) throw new Error(`provider ${created.option.provider} is not configured`);
    hosted = await provider.createCheckout({
      orderId,
      amountCents: created.amountCents,
      currency: created.currency,
      platformFeeCents: created.platformFeeCents,
      productName: product.name,
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
    // The checkout exists and carries the order id: its payment's event finds the order by it and keeps the checkout id then.
    services.logger.error(
      { err: error, orderId, checkoutId: hosted.checkoutId },
      "checkout: the hosted checkout's id could not be saved on its order",
    );
  }
  return { ok: true, orderId, redirectUrl: hosted.redirectUrl, free: false };
}
