import { Badge } from "~/components/ui/badge";
import { ORDER_STATUS_LABELS, type OrderDisplayStatus } from "~/domains/orders/order-display";

const VARIANTS: Record<OrderDisplayStatus, "success" | "secondary" | "outline" | "warning" | "destructive"> = {
  pending: "secondary",
  paid: "success",
  partly_refunded: "warning",
  refunded: "outline",
  disputed: "destructive",
  expired: "outline",
};

/** An order's display status as a coloured badge. */
export function OrderStatusBadge({ status }: { status: OrderDisplayStatus }) {
  return <Badge variant={VARIANTS[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
