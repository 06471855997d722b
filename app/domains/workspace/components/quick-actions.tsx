import { BarChart3, Package, Share2, ShoppingBag, Warehouse, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import type { QuickAction } from "~/domains/workspace/content/quick-actions";

const ICONS: Record<string, LucideIcon> = {
  "online-store": ShoppingBag,
  social: Share2,
  inventory: Warehouse,
  analytics: BarChart3,
  products: Package,
};

export function QuickActions({ actions }: { actions: QuickAction[] }) {
  return (
    <section aria-labelledby="quick-actions-title" className="grid gap-4">
      <h2 id="quick-actions-title" className="text-xl font-semibold">
        Quick actions
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {actions.map((action) => {
          const Icon = ICONS[action.id] ?? Package;
          return (
            <li key={action.id}>
              <Link
                to={action.to}
                className="flex h-full flex-col gap-2 rounded-lg border bg-card p-4 shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
              >
                <Icon aria-hidden="true" className="size-5 text-primary" />
                <span className="font-medium">{action.title}</span>
                <span className="text-sm text-muted-foreground">{action.description}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
