import { Badge } from "~/components/ui/badge";
import { FULFILMENT_LABELS, type FulfilmentFilter } from "~/domains/orders/fulfilment-display";
import type { FulfilmentStatus } from "~/domains/orders/order-lines";

const VARIANTS: Record<FulfilmentFilter, "success" | "warning" | "outline"> = {
  unfulfilled: "outline",
  partial: "warning",
  fulfilled: "success",
};

/** How far an order has shipped, as a badge; nothing for an order with no physical line. */
export function FulfilmentStatusBadge({ status }: { status: FulfilmentStatus }) {
  if (status === "none") return null;
  return <Badge variant={VARIANTS[status]}>{FULFILMENT_LABELS[status]}</Badge>;
}
