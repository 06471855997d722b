import type { PriceSummaryData, ShippingAnswer } from "~/flows/checkout/checkout-quote";
import type { OrderPrice } from "./price-order.server";

/** A computed order as the buy page shows it: the price summary and the shipping options. */
export function quoteAnswer(price: OrderPrice): { summary: PriceSummaryData; shipping: ShippingAnswer } {
  return {
    summary: {
      subtotalCents: price.subtotalCents,
      discountCents: price.discountCents,
      discountCode: price.discount?.code ?? null,
      ships: price.ships,
      shipping: price.shipping ? { name: price.shipping.name, priceCents: price.shipping.priceCents } : null,
      amountCents: price.amountCents,
      currency: price.currency,
    },
    shipping: price.ships
      ? {
          options: price.shippingOptions.map(({ rateId, name, priceCents }) => ({ rateId, name, priceCents })),
          chosen: price.shipping?.rateId ?? null,
        }
      : null,
  };
}
