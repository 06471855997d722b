import {
  formatCount,
  percentChange,
  STATS_WINDOW_DAYS,
  type DashboardStats,
} from "~/domains/workspace/dashboard-stats";
import { formatMoneyShort } from "~/lib/money";

const CARD = "rounded-lg border bg-card p-5 shadow-sm";

/**
 * Total Sales, Orders, Products, Customers, each with its change over the last 30 days against the 30 before (SPEC
 * §2): sales and orders made, products added, new customers (a first purchase) in each window.
 */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const cards = [
    {
      label: "Total Sales",
      value: formatMoneyShort(stats.totalSalesCents.total, stats.currency),
      change: percentChange(stats.totalSalesCents),
      of: "",
    },
    { label: "Orders", value: formatCount(stats.orders.total), change: percentChange(stats.orders), of: "" },
    {
      label: "Products",
      value: formatCount(stats.products.total),
      change: percentChange(stats.products),
      of: "added ",
    },
    {
      label: "Customers",
      value: formatCount(stats.customers.total),
      change: percentChange(stats.customers),
      of: "new ",
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.label} className={CARD}>
          <dt className="text-sm text-muted-foreground">{card.label}</dt>
          <dd className="mt-1 text-2xl font-bold">{card.value}</dd>
          <dd className="text-xs text-muted-foreground">
            <span className={card.change.startsWith("-") ? "text-destructive" : "text-success"}>{card.change}</span>{" "}
            {card.of}in the last {STATS_WINDOW_DAYS} days
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Same size as the cards, while the figures load (client navigation). */
export function StatCardsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-hidden="true">
      {["a", "b", "c", "d"].map((key) => (
        <div key={key} className={CARD}>
          <div className="h-4 w-20 animate-pulse rounded bg-muted" />
          <div className="mt-2 h-8 w-16 animate-pulse rounded bg-muted" />
          <div className="mt-1 h-3 w-28 animate-pulse rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}
