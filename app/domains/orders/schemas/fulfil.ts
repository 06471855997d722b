import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { MAX_CARRIER_LENGTH, MAX_TRACKING_NUMBER_LENGTH } from "~/domains/orders/content/carriers";
import { ERRORS } from "~/lib/errors";
import { httpUrl } from "~/lib/http-url";
import { isUuid } from "~/lib/text-formats";
import type { ToastMessage } from "~/lib/toast";
import "~/lib/form-fields";

/** The "Mark as fulfilled" form of an order's page, shared by the browser and the server. */
export const FULFIL_INTENT = "fulfil";

export const FULFIL_QUANTITY_MESSAGE = "Please enter a whole number of units, 0 or more";
export const CARRIER_TOO_LONG_MESSAGE = `Please keep the carrier's name to ${MAX_CARRIER_LENGTH} characters`;
export const TRACKING_NUMBER_TOO_LONG_MESSAGE = `Please keep the tracking number to ${MAX_TRACKING_NUMBER_LENGTH} characters`;

export function quantityTooHighMessage(left: number): string {
  return left === 1 ? "Only 1 unit is left to ship" : `Only ${left} units are left to ship`;
}

/** The most lines one shipment may name. */
const MAX_LINES = 200;

/**
 * The fulfilment form: units per line, carrier and tracking; `left` (units left per line id) is the browser's check.
 */
export function fulfilSchema(left: Record<string, number> = {}) {
  return z
    .object({
      intent: z.literal(FULFIL_INTENT),
      lines: z
        .array(
          z.object({
            lineId: z.string().refine(isUuid),
            quantity: z
              .string({ error: FULFIL_QUANTITY_MESSAGE })
              .trim()
              .regex(/^\d{1,6}$/, FULFIL_QUANTITY_MESSAGE)
              .transform(Number),
          }),
        )
        .max(MAX_LINES)
        .default([]),
      carrier: z.string().trim().max(MAX_CARRIER_LENGTH, CARRIER_TOO_LONG_MESSAGE).default(""),
      trackingNumber: z.string().trim().max(MAX_TRACKING_NUMBER_LENGTH, TRACKING_NUMBER_TOO_LONG_MESSAGE).default(""),
      trackingUrl: z
        .string()
        .trim()
        .refine((url) => !url || httpUrl(url) !== null, ERRORS.TRACKING_URL_INVALID.message)
        .default(""),
    })
    .superRefine((value, ctx) => {
      value.lines.forEach((line, index) => {
        const max = left[line.lineId];
        if (max !== undefined && line.quantity > max)
          ctx.addIssue({ code: "custom", path: ["lines", index, "quantity"], message: quantityTooHighMessage(max) });
      });
      if (!value.lines.some((line) => line.quantity > 0))
        ctx.addIssue({ code: "custom", path: [], message: ERRORS.FULFILMENT_NOTHING_TO_SHIP.message });
    });
}

/** A parsed fulfilment: what the verb ships. */
export type FulfilInput = Omit<z.output<ReturnType<typeof fulfilSchema>>, "intent">;

/** What the order's page shows after a refused fulfilment: the form's errors and a toast. */
export type FulfilAnswer = { form: typeof FULFIL_INTENT; result: SubmissionResult<string[]>; toast: ToastMessage };
