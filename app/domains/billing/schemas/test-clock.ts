import { z } from "zod";
import { TEST_CLOCK_MAX_DAYS } from "~/domains/billing/content/test-clock-steps";
import { ERRORS } from "~/lib/errors";

const DAYS_MESSAGE = ERRORS.BILLING_TEST_CLOCK_DAYS.message;

/** The TEST MODE portal's clock form: whole days to move the subscription's clock forward. */
export const testClockSchema = z.object({
  days: z.coerce
    .number({ message: DAYS_MESSAGE })
    .int(DAYS_MESSAGE)
    .min(1, DAYS_MESSAGE)
    .max(TEST_CLOCK_MAX_DAYS, DAYS_MESSAGE),
});
