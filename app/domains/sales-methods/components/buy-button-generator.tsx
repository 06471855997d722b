import { useId, useState } from "react";
import { Input, Label, Select } from "~/components/ui/input";
import {
  BUTTON_SIZES,
  type ButtonSize,
  type ButtonStyle,
  productButtonsSnippet,
} from "~/domains/sales-methods/buy-button-snippet";
import { BUTTON_STYLES, WEBSITE_PLATFORMS } from "~/domains/sales-methods/content/sales-options";
import { BUTTON_TEXT_MAX, EXISTING_WEBSITE_DEFAULTS } from "~/domains/sales-methods/schemas/existing-website";
import { contrastRatio, MIN_TEXT_CONTRAST } from "../contrast";
import { CodeBlock, CopyCodeButton } from "./copy-code-button";
import { PlatformGuide } from "./platform-guide";

/** A published product the generator can make a button for. */
export type ButtonProduct = { slug: string; name: string; url: string; price: string; soldOut: boolean };

const SIZE_OPTIONS = (Object.keys(BUTTON_SIZES) as ButtonSize[]).map((size) => ({
  value: size,
  label: size[0]!.toUpperCase() + size.slice(1),
}));

/** A standalone page showing the link-only code as it will look, opening links in a new tab. */
export function previewDocument(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><base target="_blank"><title>Button preview</title></head><body style="margin:16px;display:flex;flex-wrap:wrap;gap:12px;font-family:system-ui,sans-serif">${body}</body></html>`;
}

/**
 * The Buy Button Generator: products, text, style (custom colours with a contrast check) and size; a live
 * preview in a sandboxed frame; the code with Copy; and how to paste it on the seller's platform.
 */
export function BuyButtonGenerator({
  appUrl,
  products,
  initial,
}: {
  appUrl: string;
  products: readonly ButtonProduct[];
  initial: { text: string; style: ButtonStyle; platform: string };
}) {
  const id = useId();
  const [chosen, setChosen] = useState<string[]>(products[0] ? [products[0].slug] : []);
  const [text, setText] = useState(initial.text);
  const [style, setStyle] = useState<ButtonStyle>(initial.style);
  const [colors, setColors] = useState({ background: "#7c3aed", text: "#ffffff" });
  const [size, setSize] = useState<ButtonSize>("medium");
  const [platform, setPlatform] = useState(initial.platform);
  const picked = products.filter((product) => chosen.includes(product.slug));
  const label = text.trim() || EXISTING_WEBSITE_DEFAULTS.buttonText;
  const options = { appUrl, products: picked, text: label, style, colors, size };
  const code = productButtonsSnippet(options);
  const linkOnly = productButtonsSnippet({ ...options, linkOnly: true });
  const preview = previewDocument(
    picked
      .map((product) =>
        productButtonsSnippet({
          ...options,
          products: [product],
          text: product.soldOut ? "Sold out" : label,
          linkOnly: true,
        }),
      )
      .join(""),
  );
  const ratio = contrastRatio(colors.text, colors.background);

  if (products.length === 0)
    return (
      <p className="rounded-md border border-dashed p-4 text-sm">
        Publish a product first: a button opens the checkout of a published product.{" "}
        <a href="/tools/products" className="font-medium underline underline-offset-4">
          Go to the Product Manager
        </a>
      </p>
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="grid content-start gap-4">
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Products</legend>
          {products.map((product) => (
            <label key={product.slug} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={chosen.includes(product.slug)}
                onChange={(event) =>
                  setChosen((now) =>
                    event.target.checked ? [...now, product.slug] : now.filter((slug) => slug !== product.slug),
                  )
                }
              />
              <span>
                {product.name} · {product.price}
                {product.soldOut ? " · Sold out: the button says so" : ""}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-text`}>Button text</Label>
          <Input
            id={`${id}-text`}
            value={text}
            maxLength={BUTTON_TEXT_MAX}
            onChange={(event) => setText(event.target.value.replace(/[\r\n]/g, ""))}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-style`}>Button style</Label>
          <Select
            id={`${id}-style`}
            value={style}
            options={BUTTON_STYLES.map((option) =>
              option.value === "custom" ? { value: "custom", label: "Custom colours" } : option,
            )}
            onChange={(event) => setStyle(event.target.value as ButtonStyle)}
          />
        </div>
        {style === "custom" ? (
          <div className="grid gap-2">
            <div className="flex flex-wrap gap-4">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-bg`}>Button colour</Label>
                <Input
                  id={`${id}-bg`}
                  type="color"
                  className="w-20 p-1"
                  value={colors.background}
                  onChange={(event) => setColors((now) => ({ ...now, background: event.target.value }))}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-fg`}>Text colour</Label>
                <Input
                  id={`${id}-fg`}
                  type="color"
                  className="w-20 p-1"
                  value={colors.text}
                  onChange={(event) => setColors((now) => ({ ...now, text: event.target.value }))}
                />
              </div>
            </div>
            <p role="status" className={ratio < MIN_TEXT_CONTRAST ? "text-sm font-medium text-destructive" : "text-sm"}>
              {ratio < MIN_TEXT_CONTRAST
                ? `Low contrast (${ratio.toFixed(1)}:1): some buyers cannot read this button. Choose colours of at least ${MIN_TEXT_CONTRAST}:1.`
                : `Contrast ${ratio.toFixed(1)}:1, readable for buyers (at least ${MIN_TEXT_CONTRAST}:1).`}
            </p>
          </div>
        ) : null}
        <div className="grid gap-1">
          <Label htmlFor={`${id}-size`}>Size</Label>
          <Select
            id={`${id}-size`}
            value={size}
            options={SIZE_OPTIONS}
            onChange={(event) => setSize(event.target.value as ButtonSize)}
          />
        </div>
      </div>
      <section aria-labelledby={`${id}-code`} className="grid content-start gap-3 rounded-lg border bg-card p-4">
        <h2 id={`${id}-code`} className="text-lg font-semibold">
          Your button code
        </h2>
        <h3 className="text-sm font-medium">Preview</h3>
        <iframe
          title="Preview of your button"
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={preview}
          className="h-28 w-full rounded-md border bg-white"
        />
        <p className="text-xs text-muted-foreground">
          Here the button opens the checkout in a new tab; on your website it opens over your page.
        </p>
        {picked.length ? (
          <>
            <CodeBlock code={code} label="HTML code of your buy button" testId="buy-button-snippet" />
            <div>
              <CopyCodeButton code={code} />
            </div>
            <h3 className="text-sm font-medium">Link-only code (for sites that remove scripts)</h3>
            <CodeBlock code={linkOnly} label="Link-only HTML code" />
            <div>
              <CopyCodeButton code={linkOnly} label="Copy link-only code" />
            </div>
          </>
        ) : (
          <p role="status" className="text-sm">
            Choose at least one product.
          </p>
        )}
        <div className="grid gap-1">
          <Label htmlFor={`${id}-platform`}>Website platform</Label>
          <Select
            id={`${id}-platform`}
            value={platform}
            options={WEBSITE_PLATFORMS}
            onChange={(event) => setPlatform(event.target.value)}
          />
        </div>
        <PlatformGuide platform={platform} />
      </section>
    </div>
  );
}
