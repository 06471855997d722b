import { describe, expect, it } from "vitest";
import { storeFeatures } from "~/domains/inventory/inventory-display";
import { checkImportRows, importQuantity } from "~/domains/inventory/stock-import-rows";
import { parseCsv } from "~/lib/csv";

describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes, CRLF and LF, a BOM, and skips blank lines", () => {
    const text = '\uFEFFsku,location,quantity\r\n"A,1","Main ""North"" shop",3\n\nB-2,Online,"4"\r\n';
    expect(parseCsv(text)).toEqual({
      ok: true,
      records: [
        ["sku", "location", "quantity"],
        ["A,1", 'Main "North" shop', "3"],
        ["B-2", "Online", "4"],
      ],
    });
  });

  it("keeps a line break inside quotes and a last record without a line end", () => {
    expect(parseCsv('a,"x\r\ny"\nb,')).toEqual({
      ok: true,
      records: [
        ["a", "x\r\ny"],
        ["b", ""],
      ],
    });
  });

  it("refuses an unclosed quote and a stray quote, naming the line", () => {
    expect(parseCsv('a,b\nc,"d\n')).toMatchObject({ ok: false, line: 2 });
    expect(parseCsv('a,b\nc,d"e\n')).toMatchObject({ ok: false, line: 2 });
    expect(parseCsv('a,"b"c\n')).toMatchObject({ ok: false, line: 1 });
  });
});

describe("import rows", () => {
  it("accepts whole quantities of zero or more only", () => {
    expect(importQuantity(" 12 ")).toBe(12);
    expect(importQuantity("0")).toBe(0);
    expect(importQuantity("1.5")).toMatch(/whole number/);
    expect(importQuantity("abc")).toMatch(/whole number/);
    expect(importQuantity("-3")).toBe("Quantity cannot be negative.");
    expect(importQuantity("")).toBe("Enter a quantity.");
    expect(importQuantity("1000001")).toMatch(/at most/);
  });

  it("names each bad row and duplicates by their first row, reading columns by header name", () => {
    const checked = checkImportRows([
      ["Quantity", "Location", "SKU"],
      ["3", "Online", "MUG-1"],
      ["2.5", "Online", "MUG-2"],
      ["1", "", "MUG-3"],
      ["1", "Shop", ""],
      ["4", "online", "mug-1"],
    ]);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.rows.map((row) => [row.row, row.error])).toEqual([
      [2, null],
      [3, 'Quantity must be a whole number, not "2.5".'],
      [4, "Enter a location."],
      [5, "Enter a SKU or a barcode."],
      [6, "Duplicate of row 2: an item appears once per location."],
    ]);
    expect(checked.rows[0]).toMatchObject({ sku: "MUG-1", location: "Online", quantity: 3 });
  });

  it("refuses a file without the needed columns or rows", () => {
    expect(
      checkImportRows([
        ["sku", "qty"],
        ["A", "1"],
      ]),
    ).toEqual({
      ok: false,
      message: "The header row must name the columns location, quantity.",
    });
    expect(checkImportRows([["sku", "location", "quantity"]])).toMatchObject({ ok: false });
  });
});

describe("store features", () => {
  it("shows only the setup's features that have a page, and nothing without a setup", () => {
    expect(storeFeatures({ features: ["pos", "loyalty", "staff", "inventory"] })).toEqual({
      pos: true,
      inventory: true,
      customer: false,
      analytics: false,
    });
    expect(storeFeatures(null)).toEqual({ pos: false, inventory: false, customer: false, analytics: false });
    expect(storeFeatures({ features: "inventory" })).toMatchObject({ inventory: false });
  });
});
