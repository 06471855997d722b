import {
  CircleDollarSign,
  Download,
  type LucideIcon,
  Mail,
  MailX,
  RotateCcw,
  ShieldAlert,
  ShoppingCart,
  TicketX,
  TimerOff,
  Truck,
} from "lucide-react";
import type { TimelineEntry, TimelineKind } from "~/domains/orders/order-timeline";
import { formatDateTime } from "~/lib/zoned-time";

const ICONS: Record<TimelineKind, LucideIcon> = {
  created: ShoppingCart,
  paid: CircleDollarSign,
  receipt: Mail,
  receipt_resent: Mail,
  receipt_withheld: MailX,
  download: Download,
  partly_refunded: RotateCcw,
  refunded: RotateCcw,
  disputed: ShieldAlert,
  expired: TimerOff,
  discount_over_limit: TicketX,
  shipped: Truck,
};

/** An order's timeline, oldest first, each time in the seller's time zone. */
export function OrderTimeline({ entries, timeZone }: { entries: TimelineEntry[]; timeZone: string }) {
  return (
    <ol className="grid gap-3 text-sm" aria-label="Timeline of this order">
      {entries.map((entry) => {
        const Icon = ICONS[entry.kind];
        return (
          <li key={entry.key} className="flex gap-3">
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <div className="grid min-w-0 gap-0.5">
              <span className="break-words font-medium">{entry.title}</span>
              <span className="break-words text-muted-foreground">
                <time dateTime={entry.at}>{formatDateTime(entry.at, timeZone)}</time>
                {entry.detail ? ` · ${entry.detail}` : ""}
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
