// The built-in test provider's cards, modelled on Stripe's test cards; browser-safe so the TEST MODE page and the
// server share one table.

/** What a card number does on the TEST MODE page. */
export type TestCardOutcome = "pay" | "decline" | "insufficient_funds" | "authenticate" | "incorrect_number";

/** The test cards the TEST MODE page lists, with what each does. */
export const TEST_CARDS: { number: string; outcome: Exclude<TestCardOutcome, "incorrect_number">; label: string }[] = [
  { number: "4242 4242 4242 4242", outcome: "pay", label: "Pays" },
  { number: "4000 0000 0000 0002", outcome: "decline", label: "Declined" },
  { number: "4000 0000 0000 9995", outcome: "insufficient_funds", label: "Insufficient funds" },
  { number: "4000 0025 0000 3155", outcome: "authenticate", label: "Asks for an extra confirmation step" },
];

/** A failure in the provider's code and in plain words (what the buyer reads). */
export const TEST_CARD_FAILURES = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  incorrect_number: "Your card number is incorrect.",
  authentication_failed: "We could not authenticate your payment. Please try again or use another card.",
} as const;
export type TestCardFailureCode = keyof typeof TEST_CARD_FAILURES;

/** The digits of a card number as typed (spaces and dashes allowed). */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** What a typed card number does; any unknown number is incorrect. */
export function testCardOutcome(input: string): TestCardOutcome {
  const digits = cardDigits(input);
  return TEST_CARDS.find((card) => cardDigits(card.number) === digits)?.outcome ?? "incorrect_number";
}

/** An expiry "MM/YY" (or "MM/YYYY") as a month and year; null when it is not a real month. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Whether the expiry month is before `now`'s: a card is valid through the end of its month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}
