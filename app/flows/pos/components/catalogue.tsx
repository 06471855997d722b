import { ScanBarcode } from "lucide-react";
import { useCallback, useId, useMemo, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { SellableItem } from "~/flows/pos/pos-types";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { itemByCode } from "../pos-cart";
import { ScanButton } from "./scan-button";

/**
 * The products to sell: tiles with stock here, a search by name or SKU, and a barcode typed, scanned or seen by a
 * camera.
 */
export function Catalogue({
  items,
  stockOf,
  onAdd,
  currency,
}: {
  items: SellableItem[];
  stockOf: (item: SellableItem) => number;
  onAdd: (item: SellableItem) => void;
  currency: string;
}) {
  const [query, setQuery] = useState("");
  const [scanned, setScanned] = useState("");
  const [scanError, setScanError] = useState("");
  const [picking, setPicking] = useState<SellableItem[] | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const searchId = useId();
  const scanId = useId();

  const products = useMemo(() => {
    const byProduct = new Map<string, SellableItem[]>();
    for (const item of items) byProduct.set(item.productId, [...(byProduct.get(item.productId) ?? []), item]);
    return [...byProduct.values()];
  }, [items]);
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? products.filter((variants) =>
        variants.some(
          (v) =>
            v.name.toLowerCase().includes(needle) ||
            v.variantTitle.toLowerCase().includes(needle) ||
            (v.sku ?? "").toLowerCase().includes(needle),
        ),
      )
    : products;

  function pick(variants: SellableItem[]) {
    if (variants.length === 1) return onAdd(variants[0]!);
    setPicking(variants);
    dialog.current?.showModal();
  }

  function scan(code: string) {
    if (!code.trim()) return;
    const item = itemByCode(items, code);
    if (!item) {
      setScanError(`No product has the barcode or SKU ${code.trim()}.`);
      return;
    }
    setScanError("");
    setScanned("");
    onAdd(item);
  }

  const seen = useCallback(
    (code: string) => {
      const item = itemByCode(items, code);
      if (item) onAdd(item);
      return item !== null;
    },
    [items, onAdd],
  );

  return (
    <section aria-labelledby="pos-catalogue">
      <h2 id="pos-catalogue" className="sr-only">
        Products
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={searchId} label="Search products">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="Name or SKU"
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
            />
          )}
        </FormField>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            scan(scanned);
          }}
        >
          <FormField id={scanId} label="Scan or type a barcode" errors={scanError ? [scanError] : undefined}>
            {(control) => (
              <div className="flex gap-2">
                <Input
                  {...control}
                  inputMode="numeric"
                  autoComplete="off"
                  value={scanned}
                  onChange={(event) => setScanned(event.currentTarget.value)}
                />
                <Button type="submit" variant="outline" aria-label="Add scanned product">
                  <ScanBarcode aria-hidden="true" />
                </Button>
                <ScanButton onCode={seen} />
              </div>
            )}
          </FormField>
        </form>
      </div>
      {items.length === 0 ? (
        <p className="mt-4 rounded-md border border-dashed p-4 text-sm">
          No published products yet. Publish products in the Product Manager to sell them here.
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-4 text-sm">No products match “{query.trim()}”.</p>
      ) : (
        <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
          {shown.map((variants) => {
            const first = variants[0]!;
            const stock = first.physical ? variants.reduce((sum, v) => sum + stockOf(v), 0) : null;
            const prices = variants.map((v) => v.priceCents);
            const low = Math.min(...prices);
            return (
              <li key={first.productId}>
                <button
                  type="button"
                  onClick={() => pick(variants)}
                  className="flex h-full w-full flex-col overflow-hidden rounded-lg border bg-card text-left hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
                >
                  {first.coverId ? (
                    <img src={`/covers/${first.coverId}`} alt="" className="aspect-square w-full object-cover" />
                  ) : (
                    <span aria-hidden="true" className="aspect-square w-full bg-muted" />
                  )}
                  <span className="p-2">
                    <span className="block font-medium">{first.name}</span>
                    <span className="block text-sm tabular-nums">
                      {low === Math.max(...prices) ? formatMoney(low, currency) : `From ${formatMoney(low, currency)}`}
                    </span>
                    {stock !== null ? (
                      <span className={cn("block text-xs", stock <= 0 ? "text-destructive" : "text-muted-foreground")}>
                        {`${stock} in stock`}
                      </span>
                    ) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <dialog
        ref={dialog}
        aria-labelledby="pos-variant-title"
        className="m-auto w-[min(28rem,90vw)] rounded-lg p-4 backdrop:bg-black/40"
        onClose={() => setPicking(null)}
      >
        {picking ? (
          <>
            <h2 id="pos-variant-title" className="text-lg font-semibold">
              {picking[0]?.name}
            </h2>
            <ul className="mt-3 grid gap-2">
              {picking.map((variant) => (
                <li key={variant.variantId}>
                  <Button
                    variant="outline"
                    className="w-full justify-between"
                    onClick={() => {
                      onAdd(variant);
                      dialog.current?.close();
                    }}
                  >
                    <span>{variant.variantTitle || variant.name}</span>
                    <span className="tabular-nums">
                      {formatMoney(variant.priceCents, currency)} · {stockOf(variant)} in stock
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
            <Button variant="ghost" className="mt-3" onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
          </>
        ) : null}
      </dialog>
    </section>
  );
}
