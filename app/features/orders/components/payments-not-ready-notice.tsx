/**
 * The seller's side of CHECKOUT_SELLER_NOT_READY (issue 15.3): shown on the dashboard while no payment provider can
 * take their buyers' payments, so they know why buyers cannot pay.
 */
export function PaymentsNotReadyNotice() {
  return (
    <section role="status" aria-labelledby="payments-not-ready-heading" className="rounded-lg border border-warning/60 bg-warning/10 p-4">
      <h2 id="payments-not-ready-heading" className="font-semibold">
        Your store cannot take payments yet
      </h2>
      <p className="mt-1 text-sm">Buyers see "This seller cannot take payments yet" at checkout. Connect a payment provider to start selling.</p>
    </section>
  );
}
