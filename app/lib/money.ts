/** The store currencies; amounts are integer minor units, and all four have two decimals. */
export const CATALOG_CURRENCIES = ["USD", "EUR", "GBP", "CZK"] as const;
export type Currency = (typeof CATALOG_CURRENCIES)[number];

/** The store currency when the creator has not set up an online store. */
export const DEFAULT_CURRENCY: Currency = "USD";

/** The smallest amount a card payment can charge, per currency (the card networks' and Stripe's minimums). */
export const MINIMUM_CHARGE_MINOR: Record<Currency, number> = { USD: 50, EUR: 50, GBP: 30, CZK: 1500 };

/** The highest price (100,000 of the currency); anything above is a typo. */
export const MAXIMUM_PRICE_MINOR = 10_000_000;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CATALOG_CURRENCIES as readonly string[]).includes(value);
}

/** A typed price ("12.5", "1,299.00", "12,50") in minor units; null when it is not an amount. */
export function parseAmount(input: string): number | null {
  let text = input.trim().replace(/\s+/g, "");
  if (!text) return null;
  // "12,50" (a decimal comma) → "12.50"; "1,299.00" (thousands separators) → "1299.00".
  if (/^\d+,\d{1,2}$/.test(text)) text = text.replace(",", ".");
  else text = text.replace(/,(?=\d{3}(\D|$))/g, "");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, whole, fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Minor units as the plain amount a form field shows ("12.50"). */
export function amountInput(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

/** Minor units for people: "$12.50", "€12.50", "£12.50", "CZK 12.50" (en-US formatting, integer maths). */
export function formatMoney(minor: number, currency: Currency | string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency, minimumFractionDigits: 2 }).format(minor / 100);
}

/** Minor units for a figure card, whole amounts without decimals: "$0", "$15", "$15.50", "€1,200". */
export function formatMoneyShort(minor: number, currency: Currency | string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency, trailingZeroDisplay: "stripIfInteger" }).format(
    minor / 100,
  );
}
