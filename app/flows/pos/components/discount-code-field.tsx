import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { formatMoney } from "~/lib/money";
import { type AppliedCode, type Cart, type CartAction, cartTotals } from "../pos-cart";
import { priceSale } from "../pos-rules";

/**
 * A store discount code for the sale: checked by the server before the cart counts it, and priced again when the sale
 * is recorded. Offline no code can be checked, so the sale is made without one.
 */
export function DiscountCodeField({
  cart,
  dispatch,
  shiftId,
  currency,
  online,
}: {
  cart: Cart;
  dispatch: React.Dispatch<CartAction>;
  shiftId: string;
  currency: string;
  online: boolean;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const applied = cart.discountCode;

  async function apply() {
    if (!text.trim()) return setError("Please enter a discount code.");
    setBusy(true);
    const response = await fetch("/api/pos/discount-codes", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        shiftId,
        code: text.trim(),
        productIds: [...new Set(cart.lines.map((line) => line.productId))],
        amountCents: priceSale(cart.lines, cart.saleDiscount).totalCents,
      }),
    }).catch(() => null);
    const answer = (await response?.json().catch(() => null)) as (AppliedCode & { error?: string }) | null;
    setBusy(false);
    if (!response?.ok || !answer?.terms)
      return setError(answer?.error ?? "The code could not be checked. Please try again.");
    setError("");
    setText("");
    dispatch({ type: "discount-code", code: { code: answer.code, terms: answer.terms } });
  }

  if (applied)
    return (
      <div className="flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
        <span>
          {"Code "}
          <span className="font-mono font-medium">{applied.code}</span>
          {` · ${formatMoney(-cartTotals(cart).codeDiscountCents, currency)}`}
        </span>
        <Button size="sm" variant="ghost" onClick={() => dispatch({ type: "discount-code", code: null })}>
          Remove code
        </Button>
      </div>
    );

  return (
    <form
      className="grid grid-cols-[1fr_auto] items-start gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <FormField
        id={id}
        label="Discount code"
        hint={online ? undefined : "Offline: a code cannot be checked, so this sale is made without one."}
        errors={error ? [error] : undefined}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={64}
            disabled={!online}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        )}
      </FormField>
      <Button type="submit" variant="outline" className="mt-6" disabled={!online || busy}>
        Apply
      </Button>
    </form>
  );
}
