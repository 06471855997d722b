import { CheckCircle2, Circle } from "lucide-react";
import { Link } from "react-router";
import { SALES_METHODS, type SalesMethodKey } from "~/domains/sales-methods/content/sales-methods";
import { formatLongDate } from "~/lib/format-date";

/** The five sales methods and which of them the creator has set up (saved on their /sales/... form). */
export function SalesMethodsStatus({ saved }: { saved: { method: SalesMethodKey; updatedAt: Date | string }[] }) {
  return (
    <section aria-labelledby="sales-methods-title" className="grid gap-4">
      <h2 id="sales-methods-title" className="text-xl font-semibold">
        Sales methods
      </h2>
      <ul className="divide-y rounded-lg border bg-card">
        {SALES_METHODS.map((method) => {
          const entry = saved.find((item) => item.method === method.key);
          return (
            <li key={method.key} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <span className="flex items-center gap-3">
                {entry ? (
                  <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
                ) : (
                  <Circle aria-hidden="true" className="size-5 text-muted-foreground" />
                )}
                <span>
                  <span className="block font-medium">{method.name}</span>
                  <span className="block text-sm text-muted-foreground">
                    {entry
                      ? `Set up · saved ${formatLongDate(new Date(entry.updatedAt).toISOString())}`
                      : "Not set up yet"}
                  </span>
                </span>
              </span>
              <Link
                to={method.path}
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                aria-label={`${entry ? "Edit" : "Set up"} ${method.name.toLowerCase()}`}
              >
                {entry ? "Edit" : "Set up"}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
