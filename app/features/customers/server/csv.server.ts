// CSV as RFC 4180 says: comma-separated fields, CRLF-ended records, quoting where needed. Against formula injection, a
// text cell starting with = + - @ (or a tab or CR) gets a leading apostrophe.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A field of text people wrote (a product name, an email, a code): formula-safe and quoted as needed. */
export function textCell(value: string | null | undefined): string {
  const text = value ?? "";
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A record: already-formatted cells joined by commas, ended by CRLF. */
export function csvRecord(cells: readonly (string | number)[]): string {
  return `${cells.join(",")}\r\n`;
}

/** Minor units as a decimal string with two decimals ("12.50", "-0.05"), in integer maths. */
export function decimalAmount(minor: number | string | bigint): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** A download's file name: the kind and the day (UTC), e.g. "sellkit-orders-2026-11-23.csv". */
export function exportFileName(kind: "orders" | "customers", now = new Date()): string {
  return `sellkit-${kind}-${now.toISOString().slice(0, 10)}.csv`;
}
