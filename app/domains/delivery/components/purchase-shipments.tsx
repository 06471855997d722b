/** A shipment as the buyer's page shows it; `href` is an http(s) tracking page or null. */
export type PurchaseShipment = {
  id: string;
  shippedOn: string;
  summary: string;
  carrier: string;
  trackingNumber: string;
  href: string | null;
};

/** A line to ship as the buyer's page shows it. */
export type PurchaseShippingLine = { id: string; title: string; quantity: number; shipped: number };

/** The buyer's view of their goods: how far the order has shipped, each line's units, and each parcel's tracking. */
export function PurchaseShipments({
  statusLabel,
  lines,
  shipments,
}: {
  statusLabel: string;
  lines: PurchaseShippingLine[];
  shipments: PurchaseShipment[];
}) {
  return (
    <section aria-labelledby="shipping-title" className="grid gap-3">
      <h2 id="shipping-title" className="text-xl font-semibold">
        Shipping: {statusLabel}
      </h2>
      <ul className="grid gap-1 text-sm" aria-label="Items to ship">
        {lines.map((line) => (
          <li key={line.id} className="break-words">
            {line.quantity} × {line.title}: {line.shipped === 0 ? "not shipped yet" : `${line.shipped} shipped`}
          </li>
        ))}
      </ul>
      {shipments.length ? (
        <ul className="grid gap-3 text-sm" aria-label="Shipments">
          {shipments.map((shipment) => (
            <li key={shipment.id} className="grid gap-0.5 rounded-md border p-3">
              <span className="break-words font-medium">
                Shipped on {shipment.shippedOn}: {shipment.summary}
              </span>
              {shipment.carrier || shipment.trackingNumber ? (
                <span className="break-words text-muted-foreground">
                  {[shipment.carrier, shipment.trackingNumber && `tracking number ${shipment.trackingNumber}`]
                    .filter(Boolean)
                    .join(", ")}
                </span>
              ) : null}
              {shipment.href ? (
                <a href={shipment.href} rel="noopener noreferrer" className="text-primary underline underline-offset-4">
                  Track this parcel
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">We will email you as soon as your order ships.</p>
      )}
    </section>
  );
}
