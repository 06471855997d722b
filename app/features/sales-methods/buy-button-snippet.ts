import { escapeHtml } from "~/lib/escape-html";

/** How the buy button sits on the creator's site; the pasted snippet is an inline-styled, HTML-escaped link, no script. */
export type IntegrationMethod = "button" | "widget" | "cart";
export type ButtonStyle = "primary" | "secondary" | "success" | "custom";

export type BuyButtonOptions = {
  /** Absolute URL of the public buy page: `${APP_URL}/buy/${salesMethodRowId}`. */
  href: string;
  text: string;
  style: ButtonStyle;
  method: IntegrationMethod;
  /** Shown by the widget above the button. */
  storeName: string;
};

/** The class every snippet link carries, so a site can restyle it. */
export const BUY_BUTTON_CLASS = "sellkit-buy-button";

const COLORS: Record<Exclude<ButtonStyle, "custom">, { background: string; color: string; border: string }> = {
  primary: { background: "#2563eb", color: "#ffffff", border: "#2563eb" },
  secondary: { background: "#f3f4f6", color: "#111827", border: "#d1d5db" },
  success: { background: "#15803d", color: "#ffffff", border: "#15803d" },
};

function linkStyle(style: ButtonStyle, method: IntegrationMethod): string {
  const shape =
    method === "cart"
      ? "display:inline-flex;align-items:center;gap:8px;padding:10px 20px;border-radius:9999px;font-size:15px;letter-spacing:0.02em"
      : method === "widget"
        ? "display:block;padding:10px 16px;border-radius:6px;font-size:15px;text-align:center"
        : "display:inline-block;padding:12px 24px;border-radius:6px;font-size:16px";
  const base = `${shape};font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-weight:600;line-height:1.2;text-decoration:none;cursor:pointer`;
  if (style === "custom") return base;
  const c = COLORS[style];
  return `${base};background:${c.background};color:${c.color};border:1px solid ${c.border}`;
}

/** The snippet's HTML: one `<a>` whose text is exactly `text`, for the chosen integration method and style. */
export function buyButtonSnippet({ href, text, style, method, storeName }: BuyButtonOptions): string {
  const link = `<a href="${escapeHtml(href)}" class="${BUY_BUTTON_CLASS}" style="${linkStyle(style, method)}" target="_blank" rel="noopener">${escapeHtml(text)}</a>`;
  if (method === "widget") {
    return [
      `<div class="sellkit-buy-widget" style="max-width:280px;padding:16px;border:1px solid #e5e7eb;border-radius:8px;background:#ffffff;font-family:system-ui,-apple-system,'Segoe UI',sans-serif">`,
      `  <p style="margin:0 0 12px;color:#111827;font-size:16px;font-weight:600">${escapeHtml(storeName)}</p>`,
      `  ${link}`,
      `</div>`,
    ].join("\n");
  }
  if (method === "cart") {
    return [`<div class="sellkit-cart" style="display:inline-block">`, `  ${link}`, `</div>`].join("\n");
  }
  return link;
}

/** The public buy-page URL of a saved buy-button setup. */
export function buyPageUrl(appUrl: string, salesMethodId: string): string {
  return `${appUrl.replace(/\/+$/, "")}/buy/${encodeURIComponent(salesMethodId)}`;
}
