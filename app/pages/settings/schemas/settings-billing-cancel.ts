import { z } from "zod";
import { ERRORS } from "~/lib/errors";

/** The longest cancellation reason kept. */
export const CANCEL_REASON_MAX = 500;

/** Settings → Billing → Cancel: why the creator leaves, required. */
export const billingCancelSchema = z.object({
  reason: z
    .string({ message: ERRORS.BILLING_CANCEL_REASON_REQUIRED.message })
    .trim()
    .min(1, ERRORS.BILLING_CANCEL_REASON_REQUIRED.message)
    .max(CANCEL_REASON_MAX, `Please keep it under ${CANCEL_REASON_MAX} characters.`),
});
