/** The quick moves of the test clock on the TEST MODE portal, in days. */
export const TEST_CLOCK_STEPS = [1, 7, 15, 30] as const;

/** The longest single move of the test clock, in days. */
export const TEST_CLOCK_MAX_DAYS = 400;
