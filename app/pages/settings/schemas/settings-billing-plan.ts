import { z } from "zod";

/** The paid plans a creator may move to on the billing page (Starter is reached by cancelling). */
export const BILLING_PLAN_CHOICES = ["pro", "business", "enterprise"] as const;

/** Settings → Billing → Change plan: the paid plan to move to. */
export const billingPlanSchema = z.object({
  plan: z.enum(BILLING_PLAN_CHOICES, { message: "Please choose a plan." }),
});
