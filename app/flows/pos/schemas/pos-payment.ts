import { z } from "zod";

/** What the register does with a pending card or pay-on-phone payment: present a card on the reader, or give up. */
export const posPaymentActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("present"),
    cardNumber: z.string().trim().min(1, "Please enter a card number.").max(30),
  }),
  z.object({ intent: z.literal("cancel") }),
]);
export type PosPaymentAction = z.output<typeof posPaymentActionSchema>;
