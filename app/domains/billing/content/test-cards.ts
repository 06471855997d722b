/** The test provider's card numbers (Stripe's), each with what it does: listed on the TEST MODE pages. */
export const TEST_BILLING_CARDS = [
  { number: "4242 4242 4242 4242", outcome: "succeeds" },
  { number: "4000 0000 0000 0002", outcome: "is declined" },
] as const;

/** The quick moves of the test clock on the TEST MODE portal, in days. */
export const TEST_CLOCK_STEPS = [1, 7, 15, 30] as const;

/** The longest single move of the test clock, in days. */
export const TEST_CLOCK_MAX_DAYS = 400;
