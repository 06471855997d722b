import { z } from "zod";
import { TEST_CLOCK_MAX_DAYS } from "~/domains/billing/content/test-clock-steps";

/** The TEST MODE portal's clock form: whole days to move the subscription's clock forward. */
export const testClockSchema = z.object({
  days: z.coerce
    .number({ message: "Please enter a number of days." })
    .int("Please enter whole days.")
    .min(1, "Move the clock by at least 1 day.")
    .max(TEST_CLOCK_MAX_DAYS, `Move the clock by at most ${TEST_CLOCK_MAX_DAYS} days at a time.`),
});
