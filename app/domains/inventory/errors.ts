import type { ErrorSpec } from "~/lib/errors/common";

/** The inventory feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const INVENTORY_ERRORS = {
  /** A checkout or transfer asked for more units than a location has available. */
  STOCK_INSUFFICIENT: { status: 409, field: "form", message: "Sold out" },
  /** Missing or another seller's location: the same answer either way. */
  STOCK_LOCATION_NOT_FOUND: { status: 404, field: "locationId", message: "This location was not found in your store." },
  /** Missing or another seller's variant: the same answer either way. */
  STOCK_ITEM_NOT_FOUND: { status: 404, field: "variantId", message: "This item was not found among your products." },
  STOCK_LOCATION_ARCHIVED: {
    status: 409,
    field: "locationId",
    message: "This location is archived: it takes no new stock.",
  },
  /** A transfer asked for more than the source has available; the message names the figure and the place. */
  STOCK_TRANSFER_SHORT: { status: 409, field: "quantity", message: "Not that many are available at this location." },
  STOCK_TRANSFER_SAME_LOCATION: {
    status: 400,
    field: "toLocationId",
    message: "Please choose a different location to transfer to.",
  },
  ONLINE_LOCATION_KEPT: { status: 400, field: "form", message: "The Online location is always kept." },
  /** A count form with no counted quantity filled in. */
  STOCK_COUNT_EMPTY: { status: 400, field: "form", message: "Please enter at least one counted quantity." },
  /** An import whose preview found errors: nothing is written. */
  STOCK_IMPORT_INVALID: {
    status: 400,
    field: "file",
    message: "Nothing was imported: please fix the rows listed below and try again.",
  },
  STOCK_IMPORT_EMPTY: {
    status: 400,
    field: "file",
    message: "Please choose a CSV file with a header row (sku, location, quantity) and at least one row.",
  },
  /** A receipt or adjustment that would take a level out of the range a count may set; the message names the limits. */
  STOCK_LEVEL_OUT_OF_RANGE: {
    status: 409,
    field: "quantity",
    message: "Stock on hand stays between 0 and 1,000,000 units.",
  },
} as const satisfies Record<string, ErrorSpec>;
