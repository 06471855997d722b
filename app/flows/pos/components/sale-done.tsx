import { Printer } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatMoney } from "~/lib/money";
import { cartTotals } from "../pos-cart";
import type { Done } from "./point-of-sale";

/**
 * The finished sale: the change to give, where the receipt goes, the receipt to print, and the way to the next sale.
 */
export function SaleDone({ done, currency, onNext }: { done: Done; currency: string; onNext: () => void }) {
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
      {done.receipt?.status === "withheld" ? (
        <p className="rounded-md bg-amber-100 px-3 py-2 text-sm font-medium text-amber-950">{done.receipt.message}</p>
      ) : done.email ? (
        <p className="text-sm">{done.receipt?.message ?? `The receipt goes to ${done.email}.`}</p>
      ) : null}
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
