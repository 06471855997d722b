// The built-in billing test provider's cards, modelled on Stripe's test cards; browser-safe so the TEST MODE pages
// and the server share one table.

/** What a card number does: pays, is declined at once, or attaches but every charge to it fails. */
export type TestBillingCardOutcome = "pay" | "decline" | "fails_charges" | "incorrect_number";

/** The cards the TEST MODE pages list; any other number passing the Luhn check pays too. */
export const TEST_BILLING_CARDS: {
  number: string;
  outcome: Exclude<TestBillingCardOutcome, "incorrect_number">;
  label: string;
}[] = [
  { number: "4242 4242 4242 4242", outcome: "pay", label: "Pays" },
  { number: "4000 0000 0000 0002", outcome: "decline", label: "Declined" },
  { number: "4000 0000 0000 0341", outcome: "fails_charges", label: "Saved, but renewals are declined" },
];

/** The digits of a typed card number, or null when it has anything else than digits, spaces and dashes. */
export function testCardDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What a typed card number does at the test provider. */
export function testBillingCardOutcome(input: string): TestBillingCardOutcome {
  const digits = testCardDigits(input);
  if (digits === null) return "incorrect_number";
  const known = TEST_BILLING_CARDS.find((card) => card.number.replace(/\s/g, "") === digits);
  if (known) return known.outcome;
  return passesLuhn(digits) ? "pay" : "incorrect_number";
}
