import { useId, useState } from "react";
import { Input, Label, Select } from "~/components/ui/input";
import { embedScriptUrl } from "~/domains/sales-methods/buy-button-snippet";
import { escapeHtml } from "~/lib/escape-html";
import { HEX_COLOR } from "../contrast";
import type { ButtonProduct } from "./buy-button-generator";
import { CodeBlock, CopyCodeButton } from "./copy-code-button";

/** How the product card looks: light or dark, its corner radius and accent colour, and what its button does. */
export type WidgetLook = { theme: "light" | "dark"; radius: number; accent: string; action: "buy" | "cart" };

/**
 * The widget's placeholder: sellkit.js draws the card in it; without the script its link still leads to the product.
 */
export function widgetSnippet(product: ButtonProduct, look: WidgetLook): string {
  const accent = HEX_COLOR.test(look.accent) ? look.accent : "#1d4ed8";
  const radius = Math.min(32, Math.max(0, Math.round(look.radius) || 0));
  const action = look.action === "cart" ? ' data-action="cart"' : "";
  return `<div data-sellkit-product="${escapeHtml(product.url)}" data-theme="${look.theme}" data-radius="${radius}" data-accent="${accent}"${action}><a href="${escapeHtml(product.url)}">${escapeHtml(product.name)}</a></div>`;
}

/** The cart's button and drawer, and an Add to cart link per product. */
export function cartSnippet(products: readonly ButtonProduct[]): string {
  return [
    "<div data-sellkit-cart></div>",
    ...products.map(
      (product) =>
        `<a href="${escapeHtml(product.url)}" data-sellkit-add aria-label="${escapeHtml(`Add ${product.name} to cart`)}">Add to cart</a>`,
    ),
  ].join("\n");
}

/** A whole test page with the widget and the cart, as the seller's website will show them. */
function testPage(appUrl: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><base target="_blank"><title>Test page</title></head><body style="margin:16px;font-family:system-ui,sans-serif;display:grid;gap:16px">${body}<script async src="${escapeHtml(embedScriptUrl(appUrl))}"></script></body></html>`;
}

/** The Website Integration builder: a product widget and a cart, their code, and a test page with both. */
export function IntegrationBuilder({ appUrl, products }: { appUrl: string; products: readonly ButtonProduct[] }) {
  const id = useId();
  const [slug, setSlug] = useState(products[0]?.slug ?? "");
  const [look, setLook] = useState<WidgetLook>({ theme: "light", radius: 8, accent: "#1d4ed8", action: "buy" });
  const product = products.find((p) => p.slug === slug) ?? products[0];
  if (!product)
    return (
      <p className="rounded-md border border-dashed p-4 text-sm">
        Publish a product first: the widget and the cart show published products.
      </p>
    );
  const script = `<script async src="${escapeHtml(embedScriptUrl(appUrl))}"></script>`;
  const widget = `${widgetSnippet(product, look)}\n${script}`;
  const cart = `${cartSnippet(products)}\n${script}`;
  const preview = testPage(appUrl, `${widgetSnippet(product, look)}${cartSnippet(products)}`);
  return (
    <div className="grid gap-8">
      <section aria-labelledby={`${id}-widget`} className="grid gap-4 rounded-lg border bg-card p-4">
        <h2 id={`${id}-widget`} className="text-lg font-semibold">
          Product widget
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-product`}>Product</Label>
            <Select
              id={`${id}-product`}
              value={product.slug}
              options={products.map((p) => ({ value: p.slug, label: p.name }))}
              onChange={(event) => setSlug(event.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-theme`}>Theme</Label>
            <Select
              id={`${id}-theme`}
              value={look.theme}
              options={[
                { value: "light", label: "Light" },
                { value: "dark", label: "Dark" },
              ]}
              onChange={(event) => setLook({ ...look, theme: event.target.value === "dark" ? "dark" : "light" })}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-radius`}>Corner radius (px)</Label>
            <Input
              id={`${id}-radius`}
              type="number"
              min={0}
              max={32}
              value={look.radius}
              onChange={(event) => setLook({ ...look, radius: Number(event.target.value) })}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-accent`}>Accent colour</Label>
            <Input
              id={`${id}-accent`}
              type="color"
              className="w-20 p-1"
              value={look.accent}
              onChange={(event) => setLook({ ...look, accent: event.target.value })}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-action`}>The card's button</Label>
            <Select
              id={`${id}-action`}
              value={look.action}
              options={[
                { value: "buy", label: "Buy now in the overlay" },
                { value: "cart", label: "Put it in the cart" },
              ]}
              onChange={(event) => setLook({ ...look, action: event.target.value === "cart" ? "cart" : "buy" })}
            />
          </div>
        </div>
        <CodeBlock code={widget} label="HTML code of the product widget" testId="widget-snippet" />
        <div>
          <CopyCodeButton code={widget} label="Copy widget code" />
        </div>
      </section>
      <section aria-labelledby={`${id}-cart`} className="grid gap-4 rounded-lg border bg-card p-4">
        <h2 id={`${id}-cart`} className="text-lg font-semibold">
          Cart
        </h2>
        <p className="text-sm text-muted-foreground">
          Put the cart's button where your menu is, and an add-to-cart link next to each product. The cart is kept in
          the buyer's browser as they move between your pages; its checkout is one order with shipping asked only when
          something ships.
        </p>
        <CodeBlock code={cart} label="HTML code of the cart" testId="cart-snippet" />
        <div>
          <CopyCodeButton code={cart} label="Copy cart code" />
        </div>
      </section>
      <section aria-labelledby={`${id}-preview`} className="grid gap-2 rounded-lg border bg-card p-4">
        <h2 id={`${id}-preview`} className="text-lg font-semibold">
          Test page
        </h2>
        <p className="text-sm text-muted-foreground">
          The widget and the cart as your website shows them. The checkout itself opens only on your allowed websites.
        </p>
        <iframe
          title="Test page with the widget and the cart"
          sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
          srcDoc={preview}
          className="h-[28rem] w-full rounded-md border bg-white"
        />
      </section>
    </div>
  );
}
