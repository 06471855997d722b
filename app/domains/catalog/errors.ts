import type { ErrorSpec } from "~/lib/errors/common";

/** The catalog feature's failure codes, merged into the one catalogue by `~/lib/errors`. */
export const CATALOG_ERRORS = {
  // Product files
  PRODUCT_FILE_NOT_FOUND: {
    status: 404,
    field: "form",
    message: "This file was not found among your products' files.",
  },
  UPLOAD_PRODUCT_NOT_FOUND: { status: 404, field: "form", message: "This product was not found in your account." },
  PRODUCT_FILE_TOO_LARGE: { status: 413, field: "form", message: "Files can be up to 2GB each." },
  PRODUCT_FILE_NAME_INVALID: { status: 400, field: "name", message: "Please enter a valid file name." },
  PRODUCT_FILE_ORDER_INVALID: {
    status: 400,
    field: "form",
    message: "The files' order could not be saved: reload the page and try again.",
  },
  UPLOAD_SIGN_IN_REQUIRED: { status: 401, field: "form", message: "Please sign in to upload files." },
  /** The tus checksum extension's status: a damaged chunk was discarded. */
  UPLOAD_CHECKSUM_MISMATCH: {
    status: 460,
    field: "form",
    message: "Checksum Mismatch: the chunk was discarded. Please send it again.",
  },
  UPLOAD_CHECKSUM_UNSUPPORTED: {
    status: 400,
    field: "form",
    message: "Upload-Checksum must name sha1, sha256, sha512 or md5, then a Base64 digest.",
  },
  /** Another request held the upload's lock past the wait. */
  UPLOAD_BUSY: {
    status: 423,
    field: "form",
    message: "This upload is busy with another request. Please try again in a moment.",
  },
  // Products
  /** Missing or another creator's product: the same answer either way. */
  PRODUCT_NOT_FOUND: { status: 404, field: "form", message: "This product does not exist." },
  PRODUCT_SLUG_TAKEN: {
    status: 409,
    field: "slug",
    message: "You already have a product at this address. Please choose another URL slug.",
  },
  PRODUCT_HAS_ORDERS: {
    status: 409,
    field: "form",
    message:
      "This product has been sold, so it cannot be deleted (buyers keep their access). Archive it instead to stop selling it.",
  },
  PRODUCT_COVER_NOT_IMAGE: {
    status: 400,
    field: "cover",
    message: "The cover must be an image file (PNG, JPEG, WebP or GIF).",
  },
  /** Publishing a product that lacks something; the verb names what. */
  PRODUCT_NOT_READY: { status: 400, field: "form", message: "This product cannot be published yet." },
  PRODUCT_SAVE_FAILED: {
    status: 503,
    field: "form",
    message: "Your product could not be saved. Your changes are still in the form: please try again.",
  },
  /** A status change, duplicate or delete that failed. */
  PRODUCT_ACTION_FAILED: { status: 503, field: "form", message: "That did not work. Please try again in a moment." },
  // Physical products
  /** A SKU the store already uses, on this product or another (case-insensitive). */
  PRODUCT_SKU_TAKEN: {
    status: 409,
    field: "sku",
    message: "You already use this SKU on another product or variant. Please enter a different SKU.",
  },
  PRODUCT_BARCODE_INVALID: { status: 400, field: "barcode", message: "Please enter a valid EAN-13 or UPC-A barcode." },
  PRODUCT_TOO_MANY_VARIANTS: {
    status: 400,
    field: "variants",
    message: "A product can have at most 100 variants. Please remove some option values or combinations.",
  },
  PRODUCT_TOO_MANY_OPTIONS: { status: 400, field: "options", message: "A product can have at most 3 options." },
  PRODUCT_OPTION_VALUES_EMPTY: {
    status: 400,
    field: "options",
    message: "Please add at least one value to every option, or remove the option.",
  },
  // The store
  STORE_HANDLE_TAKEN: {
    status: 409,
    field: "handle",
    message: "This store address is taken. Please choose another one.",
  },
  STORE_PRODUCT_NOT_FOUND: {
    status: 404,
    field: "form",
    message: "This product no longer exists. Please reload the page.",
  },
} as const satisfies Record<string, ErrorSpec>;
