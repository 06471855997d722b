import { WifiOff } from "lucide-react";
import { useEffect, useId, useMemo, useReducer, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import type { PosRegister, SellableItem } from "~/flows/pos/pos-types";
import { CartPanel } from "./cart-panel";
import { Catalogue } from "./catalogue";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { type Cart, cartReducer, cartTotals, EMPTY_CART } from "../pos-cart";
import type { PosPaymentMethod } from "../pos-rules";
import type { PosSaleInput } from "../schemas/pos-sale";
import type { StartedPayment } from "./connected-payment";
import { ConnectedPayment, DrawerForms, ReturnsPanel, SaleDone } from "./on-demand";
import { PayPanel } from "./pay-panel";
import { OpenShiftForm } from "./shift-forms";
import { useOfflineShell } from "./use-offline-shell";
import { useSaleOutbox } from "./use-sale-outbox";

type Layout = "counter" | "phone";
/** A finished sale, as its receipt shows it. */
export type Done = {
  totalCents: number;
  changeCents: number;
  cart: Cart;
  offline: boolean;
  email: string;
  /** What the server said of the receipt mail, when it was asked. */
  receipt: CounterReceipt | null;
};
export type CounterReceipt = { status: "none" | "sent" | "withheld" | "waiting"; message: string | null };

/** Whether the receipt of a recorded sale (its device or order id) was emailed; null when that cannot be told. */
async function receiptOf(saleId: string): Promise<CounterReceipt | null> {
  try {
    const response = await fetch(`/api/pos/sales/${saleId}/receipt`, { headers: { Accept: "application/json" } });
    return response.ok ? ((await response.json()) as { receipt: CounterReceipt }).receipt : null;
  } catch {
    return null;
  }
}

/**
 * The point of sale: pick a register, open its shift, sell by tile, search or barcode, and take cash or other tenders.
 */
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
          methods={register.methods ?? methods}
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
  // A code cannot be checked offline: the sale goes on without it.
  useEffect(() => {
    if (!outbox.online && cart.discountCode) dispatch({ type: "discount-code", code: null });
  }, [outbox.online, cart.discountCode]);

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
      discountCode: cart.discountCode?.code ?? "",
      payments,
      email: cart.email.trim(),
      note: cart.note.trim(),
    };
  }

  async function complete(payments: PosSaleInput["payments"], changeCents: number) {
    const offline = !outbox.online;
    const sale = saleOf(payments, offline);
    await outbox.record(sale);
    finish(changeCents, offline, sale.email && !offline ? await receiptOf(sale.deviceSaleId) : null);
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

  function finish(changeCents: number, offline: boolean, receipt: CounterReceipt | null = null) {
    setSoldHere((sold) => {
      const next = { ...sold };
      for (const line of cart.lines) next[line.key] = (next[line.key] ?? 0) + line.quantity;
      return next;
    });
    setDone({ totalCents: totals.totalCents, changeCents, cart, offline, email: cart.email.trim(), receipt });
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
        <CartPanel
          cart={cart}
          dispatch={dispatch}
          currency={currency}
          items={items}
          stockOf={stockOf}
          shiftId={shift.id}
          online={outbox.online}
        />
        {cart.lines.length > 0 ? (
          connected ? (
            <ConnectedPayment
              started={connected}
              currency={currency}
              onPaid={async () => {
                const receipt = cart.email.trim() ? await receiptOf(connected.orderId) : null;
                setConnected(null);
                finish(connected.changeCents, false, receipt);
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
        <DrawerForms shiftId={shift.id} currency={currency} waiting={outbox.ready ? outbox.waiting.length : null} />
        <ReturnsPanel shiftId={shift.id} currency={currency} sales={shift.sales ?? []} />
      </div>
    </div>
  );
}
