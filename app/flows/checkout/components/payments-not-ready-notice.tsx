/** Tells the seller why buyers cannot pay while no payment provider is ready. */
export function PaymentsNotReadyNotice() {
  return (
    <section
      role="status"
      aria-labelledby="payments-not-ready-heading"
      className="rounded-lg border border-warning/60 bg-warning/10 p-4"
    >
      <h2 id="payments-not-ready-heading" className="font-semibold">
        Your store cannot take payments yet
      </h2>
      <p className="mt-1 text-sm">
        Buyers see "This seller cannot take payments yet" at checkout. Connect a payment provider to start selling.
      </p>
    </section>
  );
}
