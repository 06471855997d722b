import type { ErrorSpec } from "~/lib/errors/common";

/** The social feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const SOCIAL_ERRORS = {
  /** Missing or another seller's post: the same answer either way. */
  SOCIAL_POST_NOT_FOUND: { status: 404, field: "form", message: "This post was not found." },
  /** The message names the network, its limit and how far over the text is. */
  SOCIAL_TEXT_TOO_LONG: { status: 400, field: "text", message: "This text is over the network's limit." },
  SOCIAL_SCHEDULE_IN_PAST: {
    status: 400,
    field: "scheduledAt",
    message: "This time has already passed. Please pick a time from now on.",
  },
  SOCIAL_SCHEDULE_MISSING: {
    status: 400,
    field: "scheduledAt",
    message: "Please pick the date and time to post it.",
  },
  SOCIAL_PLATFORM_NOT_SET_UP: {
    status: 400,
    field: "platform",
    message: "Please choose a platform from your Social Media setup.",
  },
  SOCIAL_PRODUCT_NOT_FOUND: { status: 400, field: "productIds", message: "Please choose products from your catalog." },
  /** The message says what is wrong with the address. */
  SOCIAL_PUBLIC_URL_INVALID: {
    status: 400,
    field: "publicUrl",
    message: "Please enter the post's full address, starting with https://.",
  },
} as const satisfies Record<string, ErrorSpec>;
