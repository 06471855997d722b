import { Minus, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input, Select } from "~/components/ui/input";
import type { SellableItem } from "~/flows/pos/pos-types";
import { parseAmount, formatMoney } from "~/lib/money";
import { type Cart, type CartAction, cartTotals } from "../pos-cart";
import { DiscountCodeField } from "./on-demand";

/**
 * The sale being made: its lines and quantities, a discount on the sale or a store code, the buyer's email and a note.
 */
export function CartPanel({
  cart,
  dispatch,
  currency,
  items,
  stockOf,
  shiftId,
  online,
}: {
  cart: Cart;
  dispatch: React.Dispatch<CartAction>;
  currency: string;
  items: SellableItem[];
  stockOf: (item: SellableItem) => number;
  shiftId: string;
  online: boolean;
}) {
  const totals = cartTotals(cart);
  const emailId = useId();
  const noteId = useId();
  const discountId = useId();
  const [discountText, setDiscountText] = useState("");
  const [discountKind, setDiscountKind] = useState<"amount" | "percent">("percent");
  const [discountError, setDiscountError] = useState("");
  const [emailReceipt, setEmailReceipt] = useState(() => cart.email !== "");

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
            <DiscountCodeField cart={cart} dispatch={dispatch} shiftId={shiftId} currency={currency} online={online} />
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="size-4"
                checked={emailReceipt}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setEmailReceipt(on);
                  // Only an address the buyer gives for the receipt goes with the sale.
                  if (!on) dispatch({ type: "email", email: "" });
                }}
              />
              Email the receipt
            </label>
            {emailReceipt ? (
              <FormField id={emailId} label="Buyer's email for the receipt">
                {(control) => (
                  <Input
                    {...control}
                    type="email"
                    required
                    autoComplete="off"
                    value={cart.email}
                    onChange={(event) => dispatch({ type: "email", email: event.currentTarget.value })}
                  />
                )}
              </FormField>
            ) : null}
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
