import { z } from "zod";

/** The "Resend receipt" form of an order's page (one button), shared by the browser and the server. */
export const RESEND_RECEIPT_INTENT = "resend-receipt";

export const resendReceiptSchema = z.object({ intent: z.literal(RESEND_RECEIPT_INTENT) });
