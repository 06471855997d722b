import { describe, expect, it } from "vitest";
import { customerSearch, customerPath } from "~/domains/customers/customer-display";
import { parseCustomersCursor } from "~/domains/customers/server/customers-query.server";
import { csvRecord, decimalAmount, exportFileName, textCell } from "~/lib/csv";
import { toCrlf } from "~/domains/customers/server/export-csv.server";

// The CSV cells of the exports (RFC 4180, formula injection) and the customers list's parameters.

describe("COPY's records to RFC 4180 line ends", () => {
  it("puts a CR before every LF, inside quoted fields too, and leaves other bytes alone", () => {
    expect(toCrlf(Buffer.from('a,b\n"x\ny",2\n')).toString()).toBe('a,b\r\n"x\r\ny",2\r\n');
    expect(toCrlf(Buffer.from("\n\n")).toString()).toBe("\r\n\r\n");
    expect(toCrlf(Buffer.from("no line end")).toString()).toBe("no line end");
    expect(toCrlf(Buffer.from("é,€\nz")).toString()).toBe("é,€\r\nz");
  });
});

describe("CSV cells", () => {
  it("quotes fields with commas, quotes, CR or LF, doubling quotes", () => {
    expect(textCell("plain")).toBe("plain");
    expect(textCell('a "b", c')).toBe('"a ""b"", c"');
    expect(textCell("two\r\nlines")).toBe('"two\r\nlines"');
    expect(textCell(null)).toBe("");
  });

  it("makes cells that start a formula text with an apostrophe", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(textCell(`${start}1+1`)).toMatch(/^"?'/);
    expect(textCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(textCell("a=1")).toBe("a=1");
  });

  it("writes amounts as decimal strings in integer maths, and records end with CRLF", () => {
    expect(decimalAmount(1050)).toBe("10.50");
    expect(decimalAmount(-5)).toBe("-0.05");
    expect(decimalAmount("900719925474099312")).toBe("9007199254740993.12");
    expect(csvRecord(["a", 1])).toBe("a,1\r\n");
    expect(exportFileName("orders", new Date("2026-03-08T23:59:59Z"))).toBe("sellkit-orders-2026-03-08.csv");
  });
});

describe("the customers list's parameters", () => {
  it("reads cursors per sort and refuses anything else", () => {
    expect(parseCustomersCursor("last", "2026-03-05T10:00:00.123456+00:00~ann@example.com")).toEqual({
      value: "2026-03-05T10:00:00.123456+00:00",
      tie: "ann@example.com",
    });
    expect(parseCustomersCursor("last", "2750~ann@example.com")).toBeNull();
    expect(parseCustomersCursor("last", "2026-03-05T10:00:00Z~")).toBeNull();
    expect(parseCustomersCursor("spent", "2750~ann~x@example.com")).toEqual({
      value: "2750",
      tie: "ann~x@example.com",
    });
    expect(parseCustomersCursor("orders", "1; drop table orders~a@b.c")).toBeNull();
    expect(parseCustomersCursor("orders", null)).toBeNull();
  });

  it("lower-cases searches and customer addresses", () => {
    expect(customerSearch("  Ann@Example.COM ")).toBe("ann@example.com");
    expect(customerSearch("   ")).toBeNull();
    expect(customerPath("Ann+shop@Example.com")).toBe("/customers/ann%2Bshop%40example.com");
  });
});
