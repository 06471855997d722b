import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { isAllowedLink, MARKDOWN_LINK_REL, renderMarkdown } from "~/domains/catalog/markdown";

// A product description is Markdown rendered sanitised — no element, attribute or URL scheme a
// creator could use to run script on a buyer's page.

/** Every element of the output as a browser would parse it: its tag and attribute names. */
function elementsOf(html: string): { tag: string; attributes: string[] }[] {
  const elements: { tag: string; attributes: string[] }[] = [];
  const parser = new Parser(
    { onopentag: (tag, attributes) => elements.push({ tag, attributes: Object.keys(attributes) }) },
    { lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return elements;
}
const tagsOf = (html: string) => elementsOf(html).map((element) => element.tag);
const attributesOf = (html: string) => elementsOf(html).flatMap((element) => element.attributes);
const ALLOWED_TAGS = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "em",
  "strong",
  "code",
  "pre",
  "blockquote",
  "a",
  "hr",
  "br",
  "s",
]);
const ALLOWED_ATTRIBUTES = new Set(["href", "title", "rel", "class", "start"]);

describe("renderMarkdown", () => {
  it("renders headings, lists, emphasis, code, blockquotes, links and paragraphs", () => {
    const html = renderMarkdown(
      "# Title\n\nSome *soft* and **bold** text.\n\n- one\n- two\n\n1. first\n\n> quoted\n\n`inline`\n\n```\nblock\n```\n\n[site](https://example.com)",
    );
    expect(html).toContain("<h1>Title</h1>");
    expect(html).toContain("<em>soft</em>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<ul>\n<li>one</li>");
    expect(html).toContain("<ol>\n<li>first</li>");
    expect(html).toContain("<blockquote>\n<p>quoted</p>");
    expect(html).toContain("<code>inline</code>");
    expect(html).toContain("<pre><code>block\n</code></pre>");
    expect(html).toContain(`<a href="https://example.com" rel="${MARKDOWN_LINK_REL}">site</a>`);
  });

  it("escapes raw HTML: script tags and event-handler attributes come out as text", () => {
    for (const source of [
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      '<a href="https://example.com" onclick="alert(1)">x</a>',
      "<iframe src=https://evil.example></iframe>",
      "<svg onload=alert(1)>",
      "text <b onmouseover=alert(1)>bold</b>",
      "<style>body{display:none}</style>",
    ]) {
      const html = renderMarkdown(source);
      expect(html, source).not.toMatch(/<(script|img|iframe|svg|style|b)\b/i);
      expect(html, source).toContain("&lt;");
      expect(
        attributesOf(html).filter((a) => a.startsWith("on")),
        source,
      ).toEqual([]);
    }
  });

  it("keeps no javascript:, data:, vbscript: or relative link (the text stays, unlinked)", () => {
    for (const source of [
      "[x](javascript:alert(1))",
      "[x](JaVaScRiPt:alert(1))",
      "[x](&#106;avascript:alert(1))",
      "[x](java&#x09;script:alert(1))",
      "[x](<java\tscript:alert(1)>)",
      "<javascript:alert(1)>",
      "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      "[x](vbscript:msgbox(1))",
      "[x](file:///etc/passwd)",
      "[x](/relative/path)",
      "[x][ref]\n\n[ref]: javascript:alert(1)",
    ]) {
      const html = renderMarkdown(source);
      expect(tagsOf(html), source).not.toContain("a");
      expect(html, source).not.toMatch(/href=/i);
    }
  });

  it("keeps http, https and mailto links, each with rel nofollow ugc noopener", () => {
    const html = renderMarkdown(
      "[a](http://example.com) [b](HTTPS://example.com/x?y=1&z=2) [c](mailto:ada@example.com) <https://example.org>",
    );
    expect(html.match(/<a /g)).toHaveLength(4);
    expect(html.match(/rel="nofollow ugc noopener"/g)).toHaveLength(4);
    expect(html).toContain('href="mailto:ada@example.com"');
    expect(html).toContain("&amp;z=2");
  });

  it("quotes attribute values so a link title or URL cannot break out", () => {
    const html = renderMarkdown('[x](https://example.com/"onmouseover="alert(1) "a\\" onclick=\\"b")');
    expect(attributesOf(html).filter((a) => a.startsWith("on"))).toEqual([]);
  });

  it("renders no images or tables", () => {
    const html = renderMarkdown("![pixel](https://tracker.example/p.gif)\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    expect(tagsOf(html)).not.toContain("img");
    expect(tagsOf(html)).not.toContain("table");
  });

  it("only ever produces an allow-listed set of tags and attributes", () => {
    const source =
      '# h\n## h2\n\n*e* **s** ~~d~~ `c`\n\n---\n\n> q\n\n1. a\n2. b\n\n```html\n<script>\n```\n\n[l](https://x.example "t")\n<div onclick=x>d</div>';
    const html = renderMarkdown(source);
    expect(tagsOf(html).filter((tag) => !ALLOWED_TAGS.has(tag))).toEqual([]);
    expect(attributesOf(html).filter((attribute) => !ALLOWED_ATTRIBUTES.has(attribute))).toEqual([]);
  });
});

describe("isAllowedLink", () => {
  it("accepts absolute http, https and mailto URLs only", () => {
    expect(isAllowedLink("https://example.com")).toBe(true);
    expect(isAllowedLink("http://example.com")).toBe(true);
    expect(isAllowedLink("mailto:a@b.c")).toBe(true);
    expect(isAllowedLink("javascript:alert(1)")).toBe(false);
    expect(isAllowedLink(" java\nscript:alert(1)")).toBe(false);
    expect(isAllowedLink("data:text/html,x")).toBe(false);
    expect(isAllowedLink("//evil.example")).toBe(false);
    expect(isAllowedLink("ftp://example.com")).toBe(false);
  });
});
