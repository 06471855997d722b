import { z } from "zod";

/**
 * A store discount code tried in the counter's cart: the shift, the cart's products and its total after manual
 * discounts.
 */
export const posDiscountCodeSchema = z.object({
  shiftId: z.uuid(),
  code: z.string().trim().min(1, "Please enter a discount code.").max(64, "This discount code is not valid."),
  productIds: z.array(z.uuid()).min(1, "The cart is empty.").max(200),
  amountCents: z.number().int().min(0).max(100_000_000),
});
export type PosDiscountCode = z.output<typeof posDiscountCodeSchema>;
