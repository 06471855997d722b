import { z } from "zod";
import { formatMoney, parseAmount } from "~/lib/money";
import type { LineRefundRequest } from "~/domains/orders/order-lines";
import { checkbox } from "~/lib/form-fields";

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

/** What a refund's confirm step shows and posts again: the amount, and for a line refund its units. */
export type RefundConfirm = { amountCents: number; label: string; lines: LineRefundRequest | null };

/** The `by` value of the refund-by-lines form, telling it from the amount form on the order's page. */
export const LINE_REFUND_FORM = "lines";
export const REFUND_LINES_NONE_MESSAGE = "Please choose at least one unit to refund";
export const REFUND_QUANTITY_INVALID_MESSAGE = "Please enter a whole number of units, 0 or more";

/** The refund-by-lines form: units per line (0 for none) and whether physical units go back into stock. */
export const lineRefundSchema = z
  .object({
    intent: z.enum(["review", "refund"]),
    by: z.literal(LINE_REFUND_FORM),
    lines: z
      .array(
        z.object({
          lineId: z.uuid(),
          quantity: z
            .number({ error: REFUND_QUANTITY_INVALID_MESSAGE })
            .int(REFUND_QUANTITY_INVALID_MESSAGE)
            .min(0, REFUND_QUANTITY_INVALID_MESSAGE)
            .optional()
            .transform((quantity) => quantity ?? 0),
        }),
      )
      .default([]),
    restock: checkbox,
  })
  .refine((value) => value.lines.some((line) => line.quantity > 0), { message: REFUND_LINES_NONE_MESSAGE });
