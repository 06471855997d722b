import { z } from "zod";

/** A TEST MODE card form (the checkout's Pay, the portal's card on file): a card number, spaces allowed. */
export const testBillingCardSchema = z.object({
  card: z
    .string({ message: "Please enter a card number." })
    .trim()
    .regex(/^[0-9 ]{12,23}$/, "Please enter a card number of digits, like 4242 4242 4242 4242."),
});
