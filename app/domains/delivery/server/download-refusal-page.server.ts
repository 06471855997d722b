import { escapeHtml } from "~/lib/escape-html";
import { LOST_LINK_PATH } from "../content/delivery-rules";

/** The script-free page a refused file link answers with; the download endpoint runs outside React Router. */
export function downloadRefusalPage(title: string, message: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)} | Sellkit</title>
<style>body{font-family:system-ui,sans-serif;color:#0f172a;background:#fff;margin:0}main{max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;text-align:center}h1{font-size:1.5rem}a{color:#1d4ed8}.hint{color:#475569;font-size:.875rem}</style></head>
<body><main id="main"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p class="hint">Need a new link to your purchases? <a href="${LOST_LINK_PATH}">Get new links by email</a></p></main></body></html>`;
}
