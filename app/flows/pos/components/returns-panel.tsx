import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { orderNumber } from "~/domains/delivery/content/delivery-rules";
import type { PosFoundSale, PosShiftSale } from "~/flows/pos/pos-types";
import { formatMoney } from "~/lib/money";

type Sale = PosShiftSale & Partial<Pick<PosFoundSale, "channel" | "email" | "currency">>;

/**
 * Returns at the counter: this shift's latest sales, or any sale found by its receipt number or the buyer's email
 * (closed shifts and online orders too). Chosen units are refunded, restocked here or not.
 */
export function ReturnsPanel({
  shiftId,
  currency,
  sales,
}: {
  shiftId: string;
  currency: string;
  sales: PosShiftSale[];
}) {
  const searchId = useId();
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<{ query: string; sales: PosFoundSale[] } | null>(null);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");

  async function search(wanted: string) {
    if (!wanted.trim()) return setFound(null);
    const response = await fetch(`/api/pos/returns?q=${encodeURIComponent(wanted.trim())}`, {
      headers: { accept: "application/json" },
    }).catch(() => null);
    const answer = (await response?.json().catch(() => null)) as { sales?: PosFoundSale[] } | null;
    if (!response?.ok || !answer?.sales) return setError("Sales can be found only with a connection.");
    setError("");
    setFound({ query: wanted.trim(), sales: answer.sales });
  }

  const shown: Sale[] = found?.sales ?? sales;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Returns</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <form
          className="grid grid-cols-[1fr_auto] items-start gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void search(query);
          }}
        >
          <FormField
            id={searchId}
            label="Find a sale"
            hint="Receipt number or buyer's email"
            errors={error ? [error] : undefined}
          >
            {(control) => (
              <Input
                {...control}
                type="search"
                autoComplete="off"
                value={query}
                onChange={(event) => setQuery(event.currentTarget.value)}
              />
            )}
          </FormField>
          <Button type="submit" variant="outline" className="mt-6">
            Find
          </Button>
        </form>
        <p aria-live="polite" className="text-sm font-medium">
          {done}
        </p>
        {found ? (
          <p role="status" className="text-sm">
            {found.sales.length === 0
              ? `No sale matches “${found.query}”.`
              : `${found.sales.length === 1 ? "1 sale" : `${found.sales.length} sales`} found for “${found.query}”.`}
          </p>
        ) : null}
        {shown.map((sale) => (
          <details key={sale.orderId} className="rounded-md border px-3 py-2">
            <summary className="cursor-pointer text-sm">
              {`Sale at ${new Date(sale.soldAt).toLocaleTimeString("en-US", { timeStyle: "short" })} · ${formatMoney(sale.amountCents, sale.currency ?? currency)}`}
              {sale.status === "refunded" ? " · refunded" : ""}
            </summary>
            <p className="mt-1 text-xs text-muted-foreground">
              {`#${orderNumber(sale.orderId)}`}
              {sale.channel === "online" ? " · online order" : ""}
              {sale.email ? ` · ${sale.email}` : ""}
            </p>
            {sale.status === "paid" ? (
              <ReturnForm
                shiftId={shiftId}
                sale={sale}
                onRefunded={(text) => {
                  setDone(text);
                  if (found) void search(found.query);
                }}
              />
            ) : null}
          </details>
        ))}
      </CardContent>
    </Card>
  );
}

function ReturnForm({
  shiftId,
  sale,
  onRefunded,
}: {
  shiftId: string;
  sale: Sale;
  onRefunded: (text: string) => void;
}) {
  const left = sale.lines.filter((line) => line.quantity > line.refundedQuantity);
  const [units, setUnits] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      left.map((line) => [line.id, left.length === 1 ? String(line.quantity - line.refundedQuantity) : "0"]),
    ),
  );
  const [restock, setRestock] = useState(true);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const restockId = useId();

  async function refund() {
    const lines = left.map((line) => ({ lineId: line.id, quantity: Number(units[line.id] ?? "0") }));
    if (lines.some((line) => !Number.isInteger(line.quantity) || line.quantity < 0))
      return setError("Please enter whole units.");
    setBusy(true);
    const response = await fetch("/api/pos/returns", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ shiftId, orderId: sale.orderId, lines, restock }),
    }).catch(() => null);
    const answer = (await response?.json().catch(() => null)) as {
      error?: string;
      amountCents?: number;
      currency?: string;
    } | null;
    setBusy(false);
    if (!response?.ok || answer?.amountCents === undefined)
      return setError(answer?.error ?? "The refund could not be made. Please try again.");
    setError("");
    onRefunded(`Refunded ${formatMoney(answer.amountCents, answer.currency ?? "USD")}`);
    void revalidator.revalidate();
  }

  if (left.length === 0) return null;
  return (
    <form
      className="mt-2 grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void refund();
      }}
    >
      {left.map((line) => {
        const name = line.variantTitle ? `${line.name} (${line.variantTitle})` : line.name;
        return (
          <div key={line.id} className="flex items-center justify-between gap-2 text-sm">
            <span aria-hidden="true">{`${name} (${line.quantity - line.refundedQuantity} sold)`}</span>
            <Input
              aria-label={`Units of ${name} to refund`}
              inputMode="numeric"
              className="w-16 text-center"
              value={units[line.id] ?? "0"}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setUnits((current) => ({ ...current, [line.id]: value }));
              }}
            />
          </div>
        );
      })}
      {left.some((line) => line.physical) ? (
        <label htmlFor={restockId} className="flex items-center gap-2 text-sm">
          <input
            id={restockId}
            type="checkbox"
            checked={restock}
            onChange={(event) => setRestock(event.currentTarget.checked)}
          />
          Restock to this location
        </label>
      ) : null}
      <FormAlert message={error || undefined} />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        Refund
      </Button>
    </form>
  );
}
