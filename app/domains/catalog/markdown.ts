import MarkdownIt from "markdown-it";

/**
 * The only link schemes kept in product descriptions; other links stay plain text.
 * Descriptions are safe by construction: raw HTML is escaped, and images and tables are never rendered.
 */
export const MARKDOWN_LINK_SCHEMES = ["http:", "https:", "mailto:"] as const;

/** What every link in a description carries: user-generated, not endorsed, no window.opener. */
export const MARKDOWN_LINK_REL = "nofollow ugc noopener";

const markdown = new MarkdownIt("default", { html: false, linkify: false, typographer: false, breaks: false });
markdown.disable(["image", "table"]);
markdown.validateLink = isAllowedLink;

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]?.attrSet("rel", MARKDOWN_LINK_REL);
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Whether a link's URL is an absolute http(s) or mailto URL. */
export function isAllowedLink(url: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"); so do we, then parse.
  const compact = Array.from(url)
    .filter((char) => !isControlOrSpace(char.charCodeAt(0)))
    .join("");
  let parsed: URL;
  try {
    parsed = new URL(compact);
  } catch {
    return false;
  }
  return (MARKDOWN_LINK_SCHEMES as readonly string[]).includes(parsed.protocol.toLowerCase());
}

/** C0 controls, space, DEL and C1 controls. */
function isControlOrSpace(code: number): boolean {
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** Markdown (headings, lists, emphasis, code, blockquotes, links, paragraphs) as sanitised HTML. */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
