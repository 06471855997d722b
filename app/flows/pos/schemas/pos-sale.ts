import { z } from "zod";
import { POS_PAYMENT_METHODS } from "~/flows/pos/pos-rules";

/** The most lines and units a single counter sale may carry. */
export const POS_MAX_LINES = 200;
export const POS_MAX_QUANTITY = 999;

const cents = z.number().int().min(0).max(100_000_000);

/** A manual discount: an amount in minor units or a whole percent. */
export const posDiscountSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("amount"), value: cents }),
  z.object({ kind: z.literal("percent"), value: z.number().int().min(0).max(100) }),
]);
export type PosDiscount = z.output<typeof posDiscountSchema>;

/** A sale as the device sends it: made on the device (its own id and clock), perhaps while offline. */
export const posSaleSchema = z.object({
  deviceSaleId: z.uuid(),
  shiftId: z.uuid(),
  soldAt: z.iso.datetime({ offset: true }),
  offline: z.boolean().default(false),
  lines: z
    .array(
      z.object({
        productId: z.uuid(),
        variantId: z.uuid().nullable().default(null),
        quantity: z.number().int().min(1).max(POS_MAX_QUANTITY),
        unitPriceCents: cents,
        /** The server's signature of the price in the device's catalogue snapshot. */
        priceToken: z.string().max(200).default(""),
        discount: posDiscountSchema.nullable().default(null),
      }),
    )
    .min(1, "The cart is empty.")
    .max(POS_MAX_LINES),
  saleDiscount: posDiscountSchema.nullable().default(null),
  /** A store discount code, checked and priced on the server; "" for none. */
  discountCode: z.string().trim().max(64).default(""),
  payments: z
    .array(
      z.object({
        method: z.enum(POS_PAYMENT_METHODS.map((m) => m.value) as [string, ...string[]]),
        amountCents: cents,
        tenderedCents: cents.nullable().default(null),
        reference: z.string().trim().max(200).default(""),
      }),
    )
    .min(1)
    .max(10),
  email: z.union([z.literal(""), z.email()]).default(""),
  note: z.string().trim().max(500).default(""),
});
export type PosSaleInput = z.input<typeof posSaleSchema>;
export type PosSale = z.output<typeof posSaleSchema>;
