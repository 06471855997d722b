import { z } from "zod";

/** A return at the counter: units of chosen lines of one order, refunded at the open shift, restocked here or not. */
export const posReturnSchema = z.object({
  shiftId: z.uuid(),
  orderId: z.uuid(),
  lines: z
    .array(z.object({ lineId: z.uuid(), quantity: z.number().int().min(0).max(999) }))
    .min(1, "Please choose what comes back.")
    .max(200)
    .refine((lines) => lines.some((line) => line.quantity > 0), "Please choose what comes back."),
  restock: z.boolean().default(false),
});
export type PosReturn = z.output<typeof posReturnSchema>;
