import { z } from "zod";
import { type Currency, formatMoney, MAXIMUM_PRICE_MINOR, parseAmount } from "~/lib/money";

/** The largest amount a form takes, for messages ("$100,000.00"). */
export function maximumPriceMessage(currency: Currency): string {
  return `Please enter at most ${formatMoney(MAXIMUM_PRICE_MINOR, currency)}`;
}

/**
 * An optional money field as typed, in minor units of `currency` (prices, discount amounts, minimums): absent or
 * empty → null; not an amount → `invalidMessage`; over MAXIMUM_PRICE_MINOR → maximumPriceMessage.
 */
export function amountField(currency: Currency, invalidMessage: string) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === "") return null;
      const minor = parseAmount(text);
      if (minor === null) {
        ctx.addIssue({ code: "custom", message: invalidMessage });
        return z.NEVER;
      }
      if (minor > MAXIMUM_PRICE_MINOR) {
        ctx.addIssue({ code: "custom", message: maximumPriceMessage(currency) });
        return z.NEVER;
      }
      return minor;
    });
}
