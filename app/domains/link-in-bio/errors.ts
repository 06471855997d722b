import { type ErrorSpec, TRY_AGAIN_LATER } from "~/lib/errors/common";

/** The link-in-bio feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const LINK_IN_BIO_ERRORS = {
  /** A Link in Bio schedule time on a day that does not exist (Feb 30) or outside the years 1–9999. */
  BIO_SHOW_FROM_INVALID: {
    status: 400,
    field: "showFrom",
    message: "This date does not exist. Please enter a date and time, or leave it empty.",
  },
  BIO_SHOW_UNTIL_INVALID: {
    status: 400,
    field: "showUntil",
    message: "This date does not exist. Please enter a date and time, or leave it empty.",
  },
  BIO_BLOCK_NOT_FOUND: { status: 404, field: "form", message: "This block was not found. Please reload the page." },
  BIO_PRODUCT_NOT_FOUND: { status: 400, field: "productId", message: "Please choose one of your products." },
  BIO_THUMBNAIL_NOT_FOUND: {
    status: 400,
    field: "thumbnailCoverId",
    message: "Please choose a cover of one of your products.",
  },
  BIO_TOO_MANY_BLOCKS: {
    status: 400,
    field: "form",
    message: "A page holds at most 100 blocks. Please remove one first.",
  },
  BIO_ORDER_STALE: {
    status: 409,
    field: "form",
    message: "Your blocks changed in another tab. Please reload the page and try again.",
  },
  BIO_SIGNUP_RATE_LIMITED: { status: 429, field: "form", message: TRY_AGAIN_LATER },
  BIO_SIGNUP_CAPTCHA_REQUIRED: {
    status: 400,
    field: "captcha",
    message: "Please complete the captcha verification",
  },
} as const satisfies Record<string, ErrorSpec>;
