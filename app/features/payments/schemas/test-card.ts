import { z } from "zod";
import { requiredText } from "~/lib/form-fields";
import { cardDigits, isExpired, parseExpiry } from "~/features/payments/test-cards";

export const CARD_NUMBER_MESSAGE = "Your card number is incorrect.";
export const EXPIRY_INVALID_MESSAGE = "Please enter the expiry date as MM/YY.";
export const EXPIRY_PAST_MESSAGE = "Your card's expiration date is in the past.";
export const CVC_MESSAGE = "Your card's security code is incomplete.";
export const CARD_NAME_MESSAGE = "Please enter the name on the card.";

/** The TEST MODE page's card form, shared by browser and server; test-cards.ts decides each number's outcome. */
export function testCardSchema(now: () => Date = () => new Date()) {
  return z.object({
    cardNumber: z
      .string({ error: CARD_NUMBER_MESSAGE })
      .trim()
      .refine((value) => /^\d{12,19}$/.test(cardDigits(value)), CARD_NUMBER_MESSAGE),
    expiry: z
      .string({ error: EXPIRY_INVALID_MESSAGE })
      .trim()
      .refine((value) => parseExpiry(value) !== null, EXPIRY_INVALID_MESSAGE)
      .refine((value) => {
        const expiry = parseExpiry(value);
        return expiry === null || !isExpired(expiry, now());
      }, EXPIRY_PAST_MESSAGE),
    cvc: z
      .string({ error: CVC_MESSAGE })
      .trim()
      .regex(/^\d{3,4}$/, CVC_MESSAGE),
    cardName: requiredText(CARD_NAME_MESSAGE, 200, CARD_NAME_MESSAGE),
  });
}

export type TestCardInput = z.infer<ReturnType<typeof testCardSchema>>;
