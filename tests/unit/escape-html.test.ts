import { describe, expect, it } from "vitest";
import { escapeHtml } from "~/lib/escape-html";

describe("escapeHtml", () => {
  it("escapes the characters that end text or a quoted attribute, and a carriage return", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
    expect(escapeHtml("a\r\nb")).toBe("a&#13;\nb");
  });

  it("escapes an ampersand once, so an entity stays visible as typed", () => {
    expect(escapeHtml("&amp; &#x3C;")).toBe("&amp;amp; &amp;#x3C;");
  });

  it("leaves other text alone", () => {
    expect(escapeHtml("Příručka — 100 % `ok` / = ;")).toBe("Příručka — 100 % `ok` / = ;");
    expect(escapeHtml("")).toBe("");
  });

  it("writes numbers as text and nothing for a missing value", () => {
    expect(escapeHtml(42)).toBe("42");
    expect(escapeHtml(null)).toBe("");
    expect(escapeHtml(undefined)).toBe("");
  });
});
