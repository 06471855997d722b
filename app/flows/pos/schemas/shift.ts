import { z } from "zod";
import { parseAmount } from "~/lib/money";

const AMOUNT_MESSAGE = "Please enter an amount, like 12 or 12.50.";

/** A cash amount as typed ("100", "12.50"), in minor units. */
const cashAmount = z
  .string({ error: AMOUNT_MESSAGE })
  .trim()
  .min(1, AMOUNT_MESSAGE)
  .transform((value, ctx) => {
    const minor = parseAmount(value);
    if (minor === null) {
      ctx.addIssue({ code: "custom", message: AMOUNT_MESSAGE });
      return z.NEVER;
    }
    return minor;
  });

/** The point of sale's shift forms, told apart by `intent`. */
export const shiftFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open-shift"), registerId: z.uuid(), openingFloat: cashAmount }),
  z.object({ intent: z.literal("close-shift"), shiftId: z.uuid(), countedCash: cashAmount }),
  z.object({
    intent: z.literal("drawer"),
    shiftId: z.uuid(),
    kind: z.enum(["paid_in", "paid_out"]),
    amount: cashAmount,
    reason: z
      .string({ error: "Please say why cash goes in or out." })
      .trim()
      .min(1, "Please say why cash goes in or out.")
      .max(200),
  }),
]);
export type ShiftForm = z.output<typeof shiftFormSchema>;
