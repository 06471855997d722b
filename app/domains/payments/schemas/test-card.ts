import { z } from "zod";
import { requiredText } from "~/lib/form-fields";
import { cardDigits, isExpired, parseExpiry } from "~/domains/payments/test-cards";

export const CARD_NUMBER_MESSAGE = "Your card number is incorrect.";
export const EXPIRY_INVALID_MESSAGE = "Please enter the expiry date as MM/YY.";
export const EXPIRY_PAST_MESSAGE = "Your card's expiration date is in the past.";
export const CVC_MESSAGE = "Your card's security code is incomplete.";
export const CVC_TOO_LONG_MESSAGE = "Your card's security code has 3 or 4 digits.";
export const CARD_NAME_MESSAGE = "Please enter the name on the card.";

/**
 * The longest value of each card field (19 digits and spaces, "MM / YY"); longer ones are refused before any other
 * check.
 */
export const CARD_FIELD_MAX = { cardNumber: 23, expiry: 7, cvc: 4, cardName: 200 } as const;
export const CARD_NAME_TOO_LONG_MESSAGE = `The name on the card can be at most ${CARD_FIELD_MAX.cardName} characters.`;

/**
 * The TEST MODE page's card form (one schema, browser and server). The number's outcome is the server's: see
 * test-cards.ts.
 */
export function testCardSchema(now: () => Date = () => new Date()) {
  return z.object({
    cardNumber: z
      .string({ error: CARD_NUMBER_MESSAGE })
      .trim()
      .max(CARD_FIELD_MAX.cardNumber, { error: CARD_NUMBER_MESSAGE, abort: true })
      .refine((value) => /^\d{12,19}$/.test(cardDigits(value)), CARD_NUMBER_MESSAGE),
    expiry: z
      .string({ error: EXPIRY_INVALID_MESSAGE })
      .trim()
      .max(CARD_FIELD_MAX.expiry, { error: EXPIRY_INVALID_MESSAGE, abort: true })
      .refine((value) => parseExpiry(value) !== null, EXPIRY_INVALID_MESSAGE)
      .refine((value) => {
        const expiry = parseExpiry(value);
        return expiry === null || !isExpired(expiry, now());
      }, EXPIRY_PAST_MESSAGE),
    cvc: z
      .string({ error: CVC_MESSAGE })
      .trim()
      .max(CARD_FIELD_MAX.cvc, { error: CVC_TOO_LONG_MESSAGE, abort: true })
      .regex(/^\d{3,4}$/, CVC_MESSAGE),
    cardName: requiredText(CARD_NAME_MESSAGE, CARD_FIELD_MAX.cardName, CARD_NAME_TOO_LONG_MESSAGE),
  });
}

export type TestCardInput = z.infer<ReturnType<typeof testCardSchema>>;

/** The TEST MODE page's two forms by `intent`: the card, or the extra step, where anything but "complete" fails it. */
export function testCheckoutSchema(now?: () => Date) {
  return z.discriminatedUnion("intent", [
    testCardSchema(now).extend({ intent: z.literal("pay") }),
    z.object({ intent: z.literal("authenticate"), result: z.enum(["complete", "fail"]).catch("fail") }),
  ]);
}
