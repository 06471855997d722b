import { escapeHtml } from "~/lib/escape-html";
import type { MailMessage } from "./mailer.server";

/** A link shown as a button: "label: url" in the plain text. */
export type MailButton = { button: string; url: string };
/** A sentence followed by a link: "sentence link at url" in the plain text. */
export type MailSentenceLink = { sentence: string; link: string; url: string };
/** Labelled values, one "label: value" line each in the plain text. */
export type MailDetails = { details: [label: string, value: string][] };
/** A list of links, each with a note after its label; the plain text puts the url on the line below. */
export type MailLinkList = { links: { label: string; url: string; note: string }[] };

/** One part of a mail: a paragraph (a string) or one of the shapes above. */
export type MailBlock = string | MailButton | MailSentenceLink | MailDetails | MailLinkList;

/** What a mail says; `mailLayout` gives every mail the same look and escapes it in one place. */
export type MailContent = {
  to: string;
  subject: string;
  /** The inbox preview; the first paragraph when absent. */
  preheader?: string;
  /** Groups of blocks: the plain text puts a blank line between groups and none inside one. */
  sections: MailBlock[][];
  footer?: string;
  /** Extra headers, passed through as they are. */
  headers?: Record<string, string>;
};

const FONT = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const P = "margin:0 0 16px;white-space:pre-wrap";
const LINK = "color:#1d4ed8";
const BUTTON =
  "display:inline-block;padding:10px 20px;border-radius:6px;background:#1d4ed8;color:#ffffff;font-weight:600;text-decoration:none";

function textOf(block: MailBlock): string {
  if (typeof block === "string") return block;
  if ("button" in block) return `${block.button}: ${block.url}`;
  if ("sentence" in block) return `${block.sentence} ${block.link} at ${block.url}`;
  if ("details" in block) return block.details.map(([label, value]) => `${label}: ${value}`).join("\n");
  return block.links.map((item) => `${item.label}${item.note}\n${item.url}`).join("\n\n");
}

function htmlOf(block: MailBlock): string {
  if (typeof block === "string") return `<p style="${P}">${escapeHtml(block)}</p>`;
  if ("button" in block)
    return `<p style="margin:24px 0"><a href="${escapeHtml(block.url)}" style="${BUTTON}">${escapeHtml(block.button)}</a></p>`;
  if ("sentence" in block) {
    return `<p style="${P}">${escapeHtml(block.sentence)} <a href="${escapeHtml(block.url)}" style="${LINK}">${escapeHtml(block.link)}</a>.</p>`;
  }
  if ("details" in block) {
    const lines = block.details.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`);
    return `<p style="${P}">${lines.join("<br>")}</p>`;
  }
  if (block.links.length === 0) return "";
  const items = block.links.map(
    (item) =>
      `<li style="margin:0 0 8px"><a href="${escapeHtml(item.url)}" style="${LINK}">${escapeHtml(item.label)}</a>${escapeHtml(item.note)}</li>`,
  );
  return `<ul style="${P};padding-left:20px">${items.join("")}</ul>`;
}

/** Renders a mail as plain text and as simple inline-styled HTML from the same blocks. */
export function mailLayout({ to, subject, preheader, sections, footer, headers }: MailContent): MailMessage {
  const groups = sections.map((blocks) => blocks.map(textOf).filter(Boolean).join("\n")).filter(Boolean);
  const text = [...groups, ...(footer ? [footer] : [])].join("\n\n");
  const preview = preheader ?? sections.flat().find((block) => typeof block === "string") ?? "";
  const body = sections.flat().map(htmlOf).join("");
  const html = [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px 12px;background:#f1f5f9;color:#0f172a;${FONT};font-size:16px;line-height:1.5">`,
    `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(preview)}</div>`,
    `<div style="max-width:560px;margin:0 auto;padding:24px;border-radius:8px;background:#ffffff">${body}`,
    footer ? `<p style="margin:24px 0 0;color:#64748b;font-size:14px">${escapeHtml(footer)}</p>` : "",
    "</div></body></html>",
  ].join("");
  return { to, subject, text, html, ...(headers ? { headers } : {}) };
}
