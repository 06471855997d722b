// The order state machine, browser-safe. transitionOrder applies each move only from the states listed here, in one
// conditional UPDATE, so an order is paid once.

/** Every state an order can be in. */
export const ORDER_STATUSES = ["pending", "paid", "refunded", "disputed", "expired"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** From which states each state can be reached. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: [],
  // A payment that arrives after the checkout expired was still taken: the buyer gets what they paid for.
  paid: ["pending", "expired", "disputed"],
  // A refund (or a lost dispute) may be reported before the payment itself (webhooks arrive in any order).
  refunded: ["pending", "expired", "paid", "disputed"],
  disputed: ["pending", "expired", "paid"],
  expired: ["pending"],
};

/** Whether an order may move from `from` to `to`. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[to].includes(from);
}
