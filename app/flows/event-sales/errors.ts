import type { ErrorSpec } from "~/lib/errors/common";

/** The event-sales feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const EVENT_SALES_ERRORS = {
  /** Missing or another seller's event: the same answer either way. */
  EVENT_NOT_FOUND: { status: 404, field: "form", message: "This event was not found." },
  /** A start in the past needs the seller's explicit confirmation. */
  EVENT_START_IN_PAST: {
    status: 400,
    field: "confirmPast",
    message: "This event starts in the past. Tick the box to confirm you want to record it.",
  },
  EVENT_HAS_SALES: {
    status: 409,
    field: "form",
    message: "This event has sales, so it cannot be deleted. Archive it instead.",
  },
  /** Stock was brought to the event: deleting it would lose the ledger of its stall. */
  EVENT_HAS_STOCK: {
    status: 409,
    field: "form",
    message: "Stock was moved to this event, so it cannot be deleted. Archive it instead.",
  },
  EVENT_FEED_NOT_FOUND: { status: 404, field: "form", message: "This calendar feed was not found." },
} as const satisfies Record<string, ErrorSpec>;
