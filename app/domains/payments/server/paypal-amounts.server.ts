/** An amount as PayPal writes it: a decimal string in the currency's major unit. */
export type PayPalMoney = { currency_code: string; value: string };

/** Currencies PayPal takes without decimals (developer.paypal.com/api/rest/reference/currency-codes). */
const ZERO_DECIMAL = new Set(["HUF", "JPY", "TWD"]);

/** Minor units → PayPal's decimal string: 1250 USD → "12.50" (a zero-decimal currency's minor unit is its unit). */
export function paypalAmount(minor: number, currency: string): PayPalMoney {
  const code = currency.toUpperCase();
  const value = ZERO_DECIMAL.has(code)
    ? String(minor)
    : `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
  return { currency_code: code, value };
}

/** PayPal's decimal string → minor units: "12.50" USD → 1250 (read digit by digit, never through a float). */
export function centsOf(money: PayPalMoney | undefined): number {
  if (!money) return 0;
  const [whole = "0", fraction = ""] = money.value.split(".");
  if (ZERO_DECIMAL.has(money.currency_code)) return Number(whole);
  return Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2));
}
