import { Minus, Plus, Printer, ScanBarcode, Trash2, WifiOff } from "lucide-react";
import { useId, useMemo, useReducer, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input, Select } from "~/components/ui/input";
import type { PosItem, PosRegister } from "~/features/pos/pos-types";
import { cn } from "~/lib/cn";
import { formatMoney, parseAmount } from "~/lib/money";
import { type Cart, cartReducer, cartTotals, EMPTY_CART } from "../pos-cart";
import type { PosPaymentMethod } from "../pos-rules";
import type { PosSaleInput } from "../schemas/pos-sale";
import { ConnectedPayment, type StartedPayment } from "./connected-payment";
import { PayPanel } from "./pay-panel";
import { DrawerForms, OpenShiftForm, ReturnsForms } from "./shift-forms";
import { useOfflineShell } from "./use-offline-shell";
import { useSaleOutbox } from "./use-sale-outbox";

/** A catalogue item as the page holds it, with the server's signature of its price. */
export type SellableItem = PosItem & { priceToken: string };

type Layout = "counter" | "phone";
type Done = { totalCents: number; changeCents: number; cart: Cart; offline: boolean; email: string };

/** The point of sale: pick a register, open its shift, sell by tile, search or barcode, and take cash or other tenders. */
export function PointOfSale({
  title,
  layout,
  registers,
  items,
  methods,
}: {
  title: string;
  layout: Layout;
  registers: PosRegister[];
  items: SellableItem[];
  /** The payment methods offered, in the seller's setup's order. */
  methods: PosPaymentMethod[];
}) {
  const [registerId, setRegisterId] = useState(() => (registers.find((r) => r.openShift) ?? registers[0])?.id ?? "");
  const register = registers.find((r) => r.id === registerId) ?? registers[0];
  const outbox = useSaleOutbox();
  useOfflineShell(useMemo(() => [registers, items], [registers, items]));
  const registerSelectId = useId();
  if (!register) return null;
  return (
    <div className={cn("mx-auto px-4 py-6", layout === "phone" ? "max-w-md" : "max-w-7xl sm:px-6")}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">
            {register.locationName} · {register.name}
          </p>
        </div>
        {registers.length > 1 ? (
          <div className="grid gap-1">
            <label htmlFor={registerSelectId} className="text-sm font-medium">
              Register
            </label>
            <Select
              id={registerSelectId}
              value={register.id}
              onChange={(event) => setRegisterId(event.currentTarget.value)}
              options={registers.map((r) => ({ value: r.id, label: `${r.locationName} · ${r.name}` }))}
            />
          </div>
        ) : null}
      </div>
      <OutboxBanner outbox={outbox} />
      {register.openShift ? (
        <SaleScreen
          key={register.openShift.id}
          layout={layout}
          register={register}
          shift={register.openShift}
          items={items}
          outbox={outbox}
          methods={methods}
        />
      ) : (
        <OpenShiftForm registerId={register.id} />
      )}
    </div>
  );
}

function OutboxBanner({ outbox }: { outbox: ReturnType<typeof useSaleOutbox> }) {
  const waiting = outbox.waiting.length;
  return (
    <div aria-live="polite" className="mt-4 space-y-2">
      {!outbox.online ? (
        <p className="flex items-center gap-2 rounded-md bg-amber-100 px-3 py-2 text-sm font-medium text-amber-950">
          <WifiOff aria-hidden="true" />
          {`Offline — ${waiting} ${waiting === 1 ? "sale" : "sales"} waiting`}
        </p>
      ) : waiting > 0 ? (
        <p className="rounded-md bg-muted px-3 py-2 text-sm">{`Sending ${waiting} waiting ${waiting === 1 ? "sale" : "sales"}…`}</p>
      ) : null}
      {outbox.refused.map((entry) => (
        <div key={entry.id} role="alert" className="rounded-md border border-destructive px-3 py-2 text-sm">
          <p>
            <span className="font-medium">A sale was not recorded:</span> {entry.refusal}
          </p>
          <div className="mt-2 flex gap-2">
            <Button size="sm" variant="outline" onClick={() => void outbox.retry(entry.id)}>
              Send again
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void outbox.discard(entry.id)}>
              Discard
            </Button>
          </div>
        </div>
      ))}
    </div>
  );
}

function SaleScreen({
  layout,
  register,
  shift,
  items,
  outbox,
  methods,
}: {
  layout: Layout;
  register: PosRegister;
  shift: NonNullable<PosRegister["openShift"]>;
  items: SellableItem[];
  outbox: ReturnType<typeof useSaleOutbox>;
  methods: PosPaymentMethod[];
}) {
  const [cart, dispatch] = useReducer(cartReducer, EMPTY_CART);
  const [soldHere, setSoldHere] = useState<Record<string, number>>({});
  const [done, setDone] = useState<Done | null>(null);
  const [paying, setPaying] = useState(false);
  const [connected, setConnected] = useState<(StartedPayment & { changeCents: number }) | null>(null);
  const revalidator = useRevalidator();
  const currency = shift.currency;
  const totals = cartTotals(cart);

  const stockOf = (item: SellableItem) =>
    (item.stock[register.locationId] ?? 0) - (soldHere[`${item.productId}:${item.variantId ?? ""}`] ?? 0);

  const add = (item: SellableItem) =>
    dispatch({
      type: "add",
      line: {
        productId: item.productId,
        variantId: item.variantId,
        name: item.name,
        variantTitle: item.variantTitle,
        unitPriceCents: item.priceCents,
        priceToken: item.priceToken,
      },
    });

  function saleOf(payments: PosSaleInput["payments"], offline: boolean): PosSaleInput {
    return {
      deviceSaleId: crypto.randomUUID(),
      shiftId: shift.id,
      soldAt: new Date().toISOString(),
      offline,
      lines: cart.lines.map((line) => ({
        productId: line.productId,
        variantId: line.variantId,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        priceToken: line.priceToken,
        discount: line.discount,
      })),
      saleDiscount: cart.saleDiscount,
      payments,
      email: cart.email.trim(),
      note: cart.note.trim(),
    };
  }

  async function complete(payments: PosSaleInput["payments"], changeCents: number) {
    const offline = !outbox.online;
    await outbox.record(saleOf(payments, offline));
    finish(changeCents, offline);
  }

  /** Starts a sale with a card or pay-on-phone part; answers the refusal's words, or null when it started. */
  async function startConnected(payments: PosSaleInput["payments"], changeCents: number): Promise<string | null> {
    const response = await fetch("/api/pos/sales", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(saleOf(payments, false)),
    }).catch(() => null);
    const answer = (await response?.json().catch(() => null)) as (StartedPayment & { error?: string }) | null;
    if (!response?.ok || !answer?.payment)
      return answer?.error ?? "The payment could not be started. Please try again.";
    setConnected({ ...answer, changeCents });
    return null;
  }

  function finish(changeCents: number, offline: boolean) {
    setSoldHere((sold) => {
      const next = { ...sold };
      for (const line of cart.lines) next[line.key] = (next[line.key] ?? 0) + line.quantity;
      return next;
    });
    setDone({ totalCents: totals.totalCents, changeCents, cart, offline, email: cart.email.trim() });
    setPaying(false);
    dispatch({ type: "clear" });
    if (outbox.online) void revalidator.revalidate();
  }

  if (done)
    return (
      <SaleDone
        done={done}
        currency={currency}
        onNext={() => {
          setDone(null);
          setSoldHere({});
        }}
      />
    );

  return (
    <div className={cn("mt-6 grid gap-6", layout === "counter" && "lg:grid-cols-[1fr_24rem]")}>
      <Catalogue items={items} stockOf={stockOf} onAdd={add} currency={currency} />
      <div className="space-y-6">
        <CartPanel cart={cart} dispatch={dispatch} currency={currency} items={items} stockOf={stockOf} />
        {cart.lines.length > 0 ? (
          connected ? (
            <ConnectedPayment
              started={connected}
              currency={currency}
              onPaid={() => {
                setConnected(null);
                finish(connected.changeCents, false);
              }}
              onCancelled={() => setConnected(null)}
            />
          ) : paying ? (
            <PayPanel
              totalCents={totals.totalCents}
              currency={currency}
              online={outbox.online}
              methods={methods}
              onCancel={() => setPaying(false)}
              onPay={complete}
              onStart={startConnected}
            />
          ) : (
            <Button size="lg" className="w-full" onClick={() => setPaying(true)}>
              {`Charge ${formatMoney(totals.totalCents, currency)}`}
            </Button>
          )
        ) : null}
        <DrawerForms shiftId={shift.id} currency={currency} waiting={outbox.waiting.length} />
        <ReturnsForms shiftId={shift.id} currency={currency} sales={shift.sales ?? []} />
      </div>
    </div>
  );
}

function Catalogue({
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
    const wanted = code.trim().toLowerCase();
    if (!wanted) return;
    const item = items.find((i) => i.barcode === wanted || (i.sku ?? "").toLowerCase() === wanted);
    if (!item) {
      setScanError(`No product has the barcode or SKU ${code.trim()}.`);
      return;
    }
    setScanError("");
    setScanned("");
    onAdd(item);
  }

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

function CartPanel({
  cart,
  dispatch,
  currency,
  items,
  stockOf,
}: {
  cart: Cart;
  dispatch: React.Dispatch<Parameters<typeof cartReducer>[1]>;
  currency: string;
  items: SellableItem[];
  stockOf: (item: SellableItem) => number;
}) {
  const totals = cartTotals(cart);
  const emailId = useId();
  const noteId = useId();
  const discountId = useId();
  const [discountText, setDiscountText] = useState("");
  const [discountKind, setDiscountKind] = useState<"amount" | "percent">("percent");
  const [discountError, setDiscountError] = useState("");

  function applyDiscount() {
    const text = discountText.trim();
    if (!text) {
      setDiscountError("");
      return dispatch({ type: "sale-discount", discount: null });
    }
    const value = discountKind === "percent" ? Number(text) : parseAmount(text);
    if (value === null || !Number.isInteger(value) || value < 0 || (discountKind === "percent" && value > 100)) {
      setDiscountError(
        discountKind === "percent"
          ? "Please enter a whole percent from 0 to 100."
          : "Please enter an amount, like 12 or 12.50.",
      );
      return;
    }
    setDiscountError("");
    dispatch({ type: "sale-discount", discount: { kind: discountKind, value } });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Current sale</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {cart.lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">Add products to start a sale.</p>
        ) : null}
        <ul className="divide-y" aria-label="Cart">
          {cart.lines.map((line, index) => {
            const item = items.find((i) => i.productId === line.productId && i.variantId === line.variantId);
            const stock = item?.physical ? stockOf(item) : null;
            const name = line.variantTitle ? `${line.name} (${line.variantTitle})` : line.name;
            return (
              <li key={line.key} className="py-2">
                <div className="flex items-start justify-between gap-2">
                  <span className="font-medium">{name}</span>
                  <span className="tabular-nums">
                    {formatMoney(
                      (totals.lines[index]?.subtotalCents ?? 0) - (totals.lines[index]?.discountCents ?? 0),
                      currency,
                    )}
                  </span>
                </div>
                <div className="mt-1 flex items-center gap-2">
                  <Button
                    size="icon"
                    variant="outline"
                    aria-label={`One less ${name}`}
                    onClick={() => dispatch({ type: "quantity", key: line.key, quantity: line.quantity - 1 })}
                  >
                    <Minus aria-hidden="true" />
                  </Button>
                  <Input
                    aria-label={`Quantity of ${name}`}
                    inputMode="numeric"
                    className="w-16 text-center"
                    value={line.quantity}
                    onChange={(event) =>
                      dispatch({ type: "quantity", key: line.key, quantity: Number(event.currentTarget.value) || 1 })
                    }
                  />
                  <Button
                    size="icon"
                    variant="outline"
                    aria-label={`One more ${name}`}
                    onClick={() => dispatch({ type: "quantity", key: line.key, quantity: line.quantity + 1 })}
                  >
                    <Plus aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Remove ${name}`}
                    onClick={() => dispatch({ type: "remove", key: line.key })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                {stock !== null && line.quantity > stock ? (
                  <p className="mt-1 text-xs text-amber-700">{`Only ${Math.max(0, stock)} in stock here: the sale is allowed and flagged for review.`}</p>
                ) : null}
              </li>
            );
          })}
        </ul>
        {cart.lines.length > 0 ? (
          <>
            <div className="grid grid-cols-[1fr_auto] items-end gap-2">
              <FormField
                id={discountId}
                label="Discount on the sale"
                errors={discountError ? [discountError] : undefined}
              >
                {(control) => (
                  <Input
                    {...control}
                    inputMode="decimal"
                    value={discountText}
                    onChange={(event) => setDiscountText(event.currentTarget.value)}
                    onBlur={applyDiscount}
                  />
                )}
              </FormField>
              <Select
                aria-label="Discount kind"
                className="mb-7"
                value={discountKind}
                onChange={(event) => setDiscountKind(event.currentTarget.value as "amount" | "percent")}
                options={[
                  { value: "percent", label: "%" },
                  { value: "amount", label: currency },
                ]}
              />
            </div>
            <FormField id={emailId} label="Buyer's email (optional, for the receipt)">
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="off"
                  value={cart.email}
                  onChange={(event) => dispatch({ type: "email", email: event.currentTarget.value })}
                />
              )}
            </FormField>
            <FormField id={noteId} label="Note">
              {(control) => (
                <Input
                  {...control}
                  value={cart.note}
                  onChange={(event) => dispatch({ type: "note", note: event.currentTarget.value })}
                />
              )}
            </FormField>
            <dl className="space-y-1 text-sm">
              <div className="flex justify-between">
                <dt>Subtotal</dt>
                <dd className="tabular-nums">{formatMoney(totals.subtotalCents, currency)}</dd>
              </div>
              {totals.discountCents > 0 ? (
                <div className="flex justify-between">
                  <dt>Discount</dt>
                  <dd className="tabular-nums">{formatMoney(-totals.discountCents, currency)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between text-base font-semibold">
                <dt>Total</dt>
                <dd className="tabular-nums">{formatMoney(totals.totalCents, currency)}</dd>
              </div>
            </dl>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SaleDone({ done, currency, onNext }: { done: Done; currency: string; onNext: () => void }) {
  const totals = cartTotals(done.cart);
  return (
    <section aria-labelledby="pos-done" className="mx-auto mt-6 max-w-md space-y-4">
      <h2 id="pos-done" className="text-xl font-semibold">
        Sale complete
      </h2>
      {done.changeCents > 0 ? (
        <p className="text-3xl font-bold tabular-nums">{`Change: ${formatMoney(done.changeCents, currency)}`}</p>
      ) : null}
      {done.offline ? (
        <p className="text-sm">Saved on this device: it is sent as soon as the connection is back.</p>
      ) : null}
      {done.email ? <p className="text-sm">{`The receipt goes to ${done.email}.`}</p> : null}
      <article className="receipt rounded-md border p-4 text-sm" aria-label="Receipt">
        <ul>
          {done.cart.lines.map((line, index) => (
            <li key={line.key} className="flex justify-between gap-2">
              <span>{`${line.quantity} × ${line.variantTitle ? `${line.name} (${line.variantTitle})` : line.name}`}</span>
              <span className="tabular-nums">
                {formatMoney(
                  (totals.lines[index]?.subtotalCents ?? 0) - (totals.lines[index]?.discountCents ?? 0),
                  currency,
                )}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-2 flex justify-between border-t pt-2 font-semibold">
          <span>Total</span>
          <span className="tabular-nums">{formatMoney(done.totalCents, currency)}</span>
        </p>
        <p className="mt-1 text-xs">
          {new Date().toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}
        </p>
      </article>
      <div className="flex gap-2 print:hidden">
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> Print receipt
        </Button>
        <Button onClick={onNext}>New sale</Button>
      </div>
      {done.offline ? <Badge>Offline sale</Badge> : null}
    </section>
  );
}
