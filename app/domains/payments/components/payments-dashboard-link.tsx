import { CreditCard } from "lucide-react";
import { Link } from "react-router";

/** The dashboard's way to the seller's payment connection page (/payments). */
export function PaymentsDashboardLink() {
  return (
    <section aria-labelledby="payments-link-title" className="grid gap-4">
      <h2 id="payments-link-title" className="text-xl font-semibold">
        Payments
      </h2>
      <Link
        to="/payments"
        className="flex flex-col gap-2 rounded-lg border bg-card p-4 shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring sm:max-w-md"
      >
        <CreditCard aria-hidden="true" className="size-5 text-primary" />
        <span className="font-medium">Get paid</span>
        <span className="text-sm text-muted-foreground">
          Connect Stripe or PayPal to take payments for your products.
        </span>
      </Link>
    </section>
  );
}
