import { type ErrorSpec, TRY_AGAIN_LATER } from "~/lib/errors/common";

/** The delivery feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const DELIVERY_ERRORS = {
  DOWNLOAD_LINK_INVALID: {
    status: 404,
    field: "form",
    message: "This download link is not valid. Enter your email below to get a new one.",
  },
  DOWNLOAD_LINK_EXPIRED: {
    status: 403,
    field: "form",
    message: "This download link has expired. Open your purchase's download page again to get a fresh one.",
  },
  DOWNLOAD_FILE_NOT_FOUND: { status: 404, field: "form", message: "This file is not part of your purchase any more." },
  /** The delivery feature's revokedMessage names the reason. */
  PURCHASE_REVOKED: { status: 410, field: "form", message: "Access to this purchase has been revoked." },
  /** The delivery feature's downloadLimitMessage names the limit. */
  DOWNLOAD_LIMIT_REACHED: {
    status: 429,
    field: "form",
    message: "You have reached today's download limit for this file. It resets at midnight UTC.",
  },
  DOWNLOAD_UNAVAILABLE: {
    status: 503,
    field: "form",
    message: "This file cannot be downloaded right now. Please try again in a few minutes.",
  },
  LOST_LINK_RATE_LIMITED: { status: 429, field: "form", message: TRY_AGAIN_LATER },
} as const satisfies Record<string, ErrorSpec>;
