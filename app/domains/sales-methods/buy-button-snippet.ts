import { escapeHtml } from "~/lib/escape-html";
import { HEX_COLOR } from "./contrast";

/**
 * How the buy button sits on the creator's site; the pasted snippet is an inline-styled, HTML-escaped link, no script.
 */
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

/** The sizes of a product button: padding and font size. */
export const BUTTON_SIZES = {
  small: "padding:8px 16px;font-size:14px",
  medium: "padding:12px 24px;font-size:16px",
  large: "padding:16px 32px;font-size:19px",
} as const;
export type ButtonSize = keyof typeof BUTTON_SIZES;

export type ProductButtonsOptions = {
  /** The app's public origin, which serves /js/sellkit.js. */
  appUrl: string;
  /** Each product's sales page URL and name. */
  products: readonly { url: string; name: string }[];
  text: string;
  style: ButtonStyle;
  /** The custom style's colours, `#rrggbb`. */
  colors: { background: string; text: string };
  size: ButtonSize;
  /** Without the script tag: the link-only code for sites that strip scripts. */
  linkOnly?: boolean;
};

/**
 * The code a seller pastes: one link per product, opened in the overlay by sellkit.js, plain links without it.
 * Several products' links name their product for screen readers.
 */
export function productButtonsSnippet(options: ProductButtonsOptions): string {
  const { background, text } = options.colors;
  const custom = options.style === "custom" && HEX_COLOR.test(background) && HEX_COLOR.test(text);
  const c = custom
    ? { background, color: text, border: background }
    : COLORS[options.style === "custom" ? "primary" : options.style];
  const style = `display:inline-block;${BUTTON_SIZES[options.size]};border-radius:6px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-weight:600;line-height:1.2;text-decoration:none;cursor:pointer;background:${c.background};color:${c.color};border:1px solid ${c.border}`;
  const several = options.products.length > 1;
  const links = options.products.map(
    (product) =>
      `<a href="${escapeHtml(product.url)}" data-sellkit-buy class="${BUY_BUTTON_CLASS}" style="${style}"${several ? ` aria-label="${escapeHtml(`${options.text}: ${product.name}`)}"` : ""}>${escapeHtml(options.text)}</a>`,
  );
  if (options.linkOnly) return links.join("\n");
  return [...links, `<script async src="${escapeHtml(embedScriptUrl(options.appUrl))}"></script>`].join("\n");
}

/** The URL of the embed script on the app's origin. */
export function embedScriptUrl(appUrl: string): string {
  return `${appUrl.replace(/\/+$/, "")}/js/sellkit.js`;
}
