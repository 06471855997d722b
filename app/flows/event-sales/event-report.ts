/** One closed shift's cash count at the event: what the drawer should hold, what was counted, and the difference. */
export type EventShiftCount = {
  id: string;
  closedAt: string;
  expectedCents: number;
  countedCents: number;
  overShortCents: number;
};

/**
 * What an event earned: sales at its location, refunds, costs, net, sales per hour and the cash count of its shifts.
 */
export type EventReport = {
  revenueCents: number;
  orders: number;
  units: number;
  refundsCents: number;
  costsCents: number;
  netCents: number;
  cashOverShortCents: number;
  shifts: EventShiftCount[];
  byProduct: { name: string; units: number; revenueCents: number }[];
  byMethod: { method: string; amountCents: number }[];
  byHour: { hour: string; orders: number; revenueCents: number }[];
};
