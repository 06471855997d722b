import { z } from "zod";
import { formatMoney, parseAmount } from "~/lib/money";
import "~/lib/form-fields";

/** Messages of the refund form on an order's page, shared by the browser and the server. */
export const REFUND_AMOUNT_REQUIRED_MESSAGE = "Please enter the amount to refund";
export const REFUND_AMOUNT_INVALID_MESSAGE =
  "Please enter an amount like 12 or 12.50 (no minus sign, at most two decimals)";
export const REFUND_AMOUNT_ZERO_MESSAGE = "The amount to refund must be more than 0";

export function refundTooHighMessage(leftCents: number, currency: string): string {
  return `You can refund at most ${formatMoney(leftCents, currency)}`;
}

/** The refund form for an order with `leftCents` left to refund; the amount comes out in minor units. */
export function refundSchema(leftCents: number, currency: string) {
  return z.object({
    intent: z.enum(["review", "refund"]),
    amount: z
      .string({ error: REFUND_AMOUNT_REQUIRED_MESSAGE })
      .trim()
      .min(1, REFUND_AMOUNT_REQUIRED_MESSAGE)
      .transform((text, ctx) => {
        const minor = parseAmount(text);
        if (minor === null) {
          ctx.addIssue({ code: "custom", message: REFUND_AMOUNT_INVALID_MESSAGE });
          return z.NEVER;
        }
        if (minor === 0) {
          ctx.addIssue({ code: "custom", message: REFUND_AMOUNT_ZERO_MESSAGE });
          return z.NEVER;
        }
        if (minor > leftCents) {
          ctx.addIssue({ code: "custom", message: refundTooHighMessage(leftCents, currency) });
          return z.NEVER;
        }
        return minor;
      }),
  });
}
