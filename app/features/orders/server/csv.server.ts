// CSV as RFC 4180 says (issue 16.4): fields separated by commas, records by CRLF; a field with a comma, a double
// quote, CR or LF is quoted, its quotes doubled. Spreadsheet formula injection (OWASP "CSV injection"): a text
// cell starting with = + - @ (or a tab or CR, which some spreadsheets skip before reading a formula) gets a
// leading apostrophe, so it is read as text. Amounts are written by `decimalAmount`, never through `textCell`.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A field of text that came from people (a product name, an email, a discount code): formula-safe and quoted as needed. */
export function textCell(value: string | null | undefined): string {
  const text = value ?? "";
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A record: the cells (each already a field: textCell or decimalAmount or a number) joined, ended by CRLF. */
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
