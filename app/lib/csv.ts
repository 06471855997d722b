// RFC 4180 CSV. Against formula injection, a written text cell starting with = + - @ (or tab, CR) gets an apostrophe.

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
export function exportFileName(
  kind: "orders" | "customers" | "subscribers" | "inventory" | "events",
  now = new Date(),
): string {
  return `sellkit-${kind}-${now.toISOString().slice(0, 10)}.csv`;
}

/** A parse failure: the 1-based line where the file stopped making sense. */
export type CsvParseError = { ok: false; line: number; message: string };

/** Reads RFC 4180 CSV (CRLF or LF, a leading BOM ignored) into records; blank lines are skipped. */
export function parseCsv(text: string): { ok: true; records: string[][] } | CsvParseError {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let fieldStarted = false;
  let line = 1;
  let quoteLine = 1;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const endRecord = () => {
    record.push(field);
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
    field = "";
    fieldStarted = false;
  };
  for (let i = 0; i < input.length; i++) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === "\n") line++;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (fieldStarted) return { ok: false, line, message: "A quote may only start a field or be doubled inside one." };
      quoted = true;
      fieldStarted = true;
      quoteLine = line;
    } else if (char === ",") {
      record.push(field);
      field = "";
      fieldStarted = false;
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && input[i + 1] === "\n") i++;
      endRecord();
      line++;
    } else {
      if (fieldStarted && input[i - 1] === '"')
        return { ok: false, line, message: "A closing quote must end its field." };
      field += char;
      fieldStarted = true;
    }
  }
  if (quoted) return { ok: false, line: quoteLine, message: "A quoted field is not closed." };
  if (fieldStarted || record.length > 0) endRecord();
  return { ok: true, records };
}
