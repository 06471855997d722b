import { z } from "zod";

const CODE_MESSAGE = "Please enter the code the reader shows, like simulated-wpe.";

/** The register's card reader form: connect a Stripe Terminal reader by its registration code, or disconnect it. */
export const cardReaderFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("connect-reader"),
    registerId: z.uuid(),
    registrationCode: z.string({ error: CODE_MESSAGE }).trim().min(1, CODE_MESSAGE).max(100, CODE_MESSAGE),
    label: z.string().trim().max(100).default(""),
  }),
  z.object({ intent: z.literal("disconnect-reader"), registerId: z.uuid() }),
]);
export type CardReaderForm = z.output<typeof cardReaderFormSchema>;

/** The intents the card reader form posts, told apart from the shift forms' on the same page. */
export const CARD_READER_INTENTS: readonly string[] = ["connect-reader", "disconnect-reader"];
