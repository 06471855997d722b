import { CreditCard, Smartphone } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { TEST_CARDS } from "~/domains/payments/test-cards";
import type { PosPaymentState } from "~/flows/pos/pos-types";
import { formatMoney } from "~/lib/money";

/** A started card or pay-on-phone payment as /api/pos/sales answers it; `amountCents` is its part of the total. */
export type StartedPayment = {
  orderId: string;
  totalCents: number;
  payment: {
    method: "card" | "pay_on_phone";
    sessionId: string;
    payUrl: string;
    testCards: boolean;
    amountCents: number;
  };
  qr?: { size: number; path: string };
};

type ReaderState = "waiting" | "processing" | "approved";

/** How often the register asks whether the buyer has paid on their phone or on the reader. */
const POLL_MS = 2000;

async function paymentAction(orderId: string, body: unknown): Promise<{ payment?: PosPaymentState; error?: string }> {
  const response = await fetch(`/api/pos/payments/${orderId}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json().catch(() => ({ error: "The payment could not be reached." }))) as {
    payment?: PosPaymentState;
    error?: string;
  };
}

/**
 * The reader screen (waiting for card, processing, approved or declined) or the pay-on-phone QR code, until paid or
 * cancelled.
 */
export function ConnectedPayment({
  started,
  currency,
  onPaid,
  onCancelled,
}: {
  started: StartedPayment;
  currency: string;
  onPaid: () => void;
  onCancelled: () => void;
}) {
  const [state, setState] = useState<ReaderState>("waiting");
  const [card, setCard] = useState("");
  const [declined, setDeclined] = useState("");
  const [error, setError] = useState("");
  const cardId = useId();
  const phone = started.payment.method === "pay_on_phone";
  // The poll reports to the latest callbacks without restarting on every render.
  const report = useRef({ onPaid, onCancelled });
  report.current = { onPaid, onCancelled };

  // The buyer pays on their phone or taps a physical reader: the provider's webhook settles it, the register follows.
  useEffect(() => {
    let stopped = false;
    const timer = setInterval(async () => {
      const response = await fetch(`/api/pos/payments/${started.orderId}`).catch(() => null);
      const state = response?.ok ? ((await response.json()) as PosPaymentState) : null;
      if (stopped || !state) return;
      if (state.status === "paid") {
        stopped = true;
        setState("approved");
        report.current.onPaid();
      } else if (state.status === "closed") {
        stopped = true;
        report.current.onCancelled();
      } else if (state.message) setDeclined(state.message);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [started.orderId]);

  async function present(number: string) {
    setState("processing");
    setDeclined("");
    setError("");
    const answer = await paymentAction(started.orderId, { intent: "present", cardNumber: number });
    if (answer.payment?.status === "paid") {
      setState("approved");
      onPaid();
      return;
    }
    // An approval whose webhook has not arrived yet: the poll completes the sale.
    if (answer.payment?.status === "pending" && !answer.payment.message) {
      setState("processing");
      return;
    }
    setState("waiting");
    if (answer.payment?.status === "pending") setDeclined(answer.payment.message || "The card was declined.");
    else setError(answer.error ?? "This payment is no longer open.");
  }

  async function cancel() {
    await paymentAction(started.orderId, { intent: "cancel" });
    onCancelled();
  }

  const status = state === "processing" ? "Processing…" : state === "approved" ? "Approved" : "Waiting for card";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          {phone
            ? `Pay on phone · ${formatMoney(started.payment.amountCents, currency)}`
            : `Card reader · ${formatMoney(started.payment.amountCents, currency)}`}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {phone ? (
          <>
            <p className="flex items-center gap-2 text-sm">
              <Smartphone aria-hidden="true" /> The buyer scans the code and pays on their phone. Waiting for payment…
            </p>
            {started.qr ? (
              <svg
                role="img"
                aria-label="QR code of the payment link"
                viewBox={`-4 -4 ${started.qr.size + 8} ${started.qr.size + 8}`}
                className="mx-auto w-56 bg-white"
                shapeRendering="crispEdges"
              >
                <path d={started.qr.path} fill="#000" />
              </svg>
            ) : null}
            <p className="break-all text-xs">
              <a href={started.payment.payUrl} target="_blank" rel="noreferrer" className="underline">
                {started.payment.payUrl}
              </a>
            </p>
          </>
        ) : (
          <>
            <p role="status" className="flex items-center gap-2 text-lg font-semibold">
              <CreditCard aria-hidden="true" /> {status}
            </p>
            {started.payment.amountCents < started.totalCents ? (
              <p className="text-sm">{`The card part of a ${formatMoney(started.totalCents, currency)} sale.`}</p>
            ) : null}
            {declined ? (
              <p role="alert" className="rounded-md border border-destructive px-3 py-2 text-sm">
                <span className="font-medium">Declined:</span> {declined}
              </p>
            ) : null}
            {started.payment.testCards ? null : (
              <p className="text-sm">The buyer taps, inserts or swipes their card on the reader.</p>
            )}
            <form
              hidden={!started.payment.testCards}
              className="space-y-3"
              onSubmit={(event) => {
                event.preventDefault();
                if (card.trim()) void present(card);
              }}
            >
              <FormField id={cardId} label="Card on the test reader">
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="4242 4242 4242 4242"
                    value={card}
                    disabled={state !== "waiting"}
                    onChange={(event) => setCard(event.currentTarget.value)}
                  />
                )}
              </FormField>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={state !== "waiting"}>
                  Tap card
                </Button>
                {TEST_CARDS.filter((c) => c.outcome === "pay" || c.outcome === "decline").map((c) => (
                  <Button
                    key={c.number}
                    type="button"
                    variant="secondary"
                    size="sm"
                    disabled={state !== "waiting"}
                    onClick={() => {
                      setCard(c.number);
                      void present(c.number);
                    }}
                  >
                    {`${c.number} · ${c.label}`}
                  </Button>
                ))}
              </div>
            </form>
          </>
        )}
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <Button variant="outline" disabled={state !== "waiting"} onClick={() => void cancel()}>
          Cancel payment
        </Button>
      </CardContent>
    </Card>
  );
}
