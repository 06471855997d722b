/** Each failure's status, form field ("form": the whole form) and message; decide by code, never by text. */
export type ErrorSpec = { status: number; field: string; message: string };

const TRY_AGAIN_LATER = "Too many requests. Please wait before trying again.";
const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";
/** How long two-factor sign-in stays locked after too many wrong codes. */
export const TWO_FACTOR_LOCKOUT_MINUTES = 15;

export const ERRORS = {
  // Accounts
  INVALID_CREDENTIALS: { status: 400, field: "form", message: "Invalid email or password" },
  EMAIL_NOT_VERIFIED: {
    status: 400,
    field: "form",
    message: "Email not yet verified: Please check your email and click the verification link",
  },
  SIGN_IN_RATE_LIMITED: {
    status: 429,
    field: "form",
    message: "Too many sign-in attempts. Please wait a few minutes and try again.",
  },
  SIGN_IN_FAILED: { status: 503, field: "form", message: "Please try again" },
  /** The account's failures ceiling is reached by others: a fresh address may still sign in with a solved captcha. */
  SIGN_IN_CAPTCHA_REQUIRED: { status: 429, field: "form", message: "Please complete the captcha verification" },
  SIGN_UP_RATE_LIMITED: { status: 429, field: "form", message: TRY_AGAIN_LATER },
  /** better-auth refused the sign-up for another reason; its message is shown. */
  SIGN_UP_REJECTED: { status: 400, field: "form", message: "Please check your details and try again" },
  SIGN_UP_FAILED: { status: 503, field: "form", message: "Please try again" },
  PASSWORD_REJECTED: { status: 400, field: "password", message: "Please choose a different password" },
  COMMON_PASSWORD: {
    status: 400,
    field: "password",
    message: "This password is too common. Please choose another one.",
  },
  CAPTCHA_FAILED: {
    status: 400,
    field: "captcha",
    message: "Security verification expired: Please complete the captcha again.",
  },
  PASSWORD_RESET_RATE_LIMITED: { status: 429, field: "form", message: TRY_AGAIN_LATER },
  /** Any other failure of the reset request. */
  PASSWORD_RESET_FAILED: {
    status: 400,
    field: "form",
    message: "Failed to send reset email. Please verify your email address and try again.",
  },
  MAGIC_LINK_RATE_LIMITED: { status: 429, field: "form", message: TRY_AGAIN_LATER },
  // Re-authentication
  CURRENT_PASSWORD_REQUIRED: { status: 400, field: "currentPassword", message: "Please enter your current password" },
  CURRENT_PASSWORD_WRONG: { status: 400, field: "currentPassword", message: "Current password is incorrect" },
  REAUTHENTICATION_RATE_LIMITED: { status: 429, field: "form", message: TOO_MANY_ATTEMPTS },
  SESSION_TOO_OLD: {
    status: 403,
    field: "form",
    message: "For your security, please sign out and sign in again, then retry within 10 minutes.",
  },
  // Two-factor
  TWO_FACTOR_CODE_WRONG: { status: 400, field: "code", message: "Invalid or already used code. Please try again." },
  TWO_FACTOR_LOCKED: {
    status: 429,
    field: "form",
    message: `Too many failed attempts. Two-factor sign-in is locked for ${TWO_FACTOR_LOCKOUT_MINUTES} minutes.`,
  },
  TWO_FACTOR_RATE_LIMITED: { status: 429, field: "form", message: TOO_MANY_ATTEMPTS },
  TWO_FACTOR_NOT_ENABLED: { status: 400, field: "form", message: "Two-factor authentication is not enabled" },
  TWO_FACTOR_ALREADY_ENABLED: { status: 409, field: "form", message: "Two-factor authentication is already enabled" },
  /** Turning two-factor on failed after a right code. */
  TWO_FACTOR_ENABLE_FAILED: { status: 503, field: "form", message: "Failed to enable 2FA. Please try again." },
  /** Turning two-factor off failed after a right password. */
  TWO_FACTOR_DISABLE_FAILED: { status: 503, field: "form", message: "Failed to disable 2FA" },
  // Security center
  SESSIONS_LOAD_FAILED: { status: 503, field: "form", message: "Failed to load security sessions" },
  // Settings
  NO_PASSWORD: {
    status: 400,
    field: "form",
    message: "Your account signs in without a password. Use “Forgot password?” on the sign-in page to set one.",
  },
  PASSWORD_CHANGE_FAILED: {
    status: 503,
    field: "form",
    message: "Your password could not be changed. Please try again.",
  },
  SAME_EMAIL: { status: 400, field: "newEmail", message: "This is already your email address" },
  EMAIL_CHANGE_FAILED: { status: 503, field: "form", message: "Your email could not be changed. Please try again." },
  DELETE_CONFIRMATION_WRONG: { status: 400, field: "confirmation", message: "Please type DELETE to confirm" },
  DELETE_EMAIL_WRONG: {
    status: 400,
    field: "confirmEmail",
    message: "Please type your account's email address to confirm",
  },
  ACCOUNT_DELETION_FAILED: {
    status: 503,
    field: "form",
    message: "Your account could not be deleted. Please try again.",
  },
  // Any form
  UNSUPPORTED_FORM: {
    status: 415,
    field: "form",
    message: "Please submit the form from the page: this request is not form data.",
  },
  MALFORMED_FORM: {
    status: 400,
    field: "form",
    message: "Please submit the form from the page: this request is not form data.",
  },
  NUL_CHARACTER: {
    status: 400,
    field: "form",
    message:
      "Your form contains an invisible control character (NUL) that cannot be saved. Please remove it and try again.",
  },
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
  // Catalog
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
  // Catalog: physical products
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
  // Catalog: the store
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
  // Checkout
  CHECKOUT_PRODUCT_UNAVAILABLE: { status: 404, field: "form", message: "This product is not for sale right now." },
  CHECKOUT_EMAIL_INVALID: { status: 400, field: "email", message: "Please enter a valid email address" },
  CHECKOUT_AMOUNT_TOO_LOW: { status: 400, field: "amount", message: "Please enter at least the minimum price." },
  CHECKOUT_AMOUNT_INVALID: { status: 400, field: "amount", message: "Please enter an amount, like 12 or 12.50." },
  CHECKOUT_SELLER_NOT_READY: {
    status: 409,
    field: "form",
    message: "This seller cannot take payments yet. Please try again later, or contact the seller.",
  },
  CHECKOUT_RATE_LIMITED: {
    status: 429,
    field: "form",
    message: "Too many checkout attempts. Please wait a minute and try again.",
  },
  CHECKOUT_FAILED: {
    status: 503,
    field: "form",
    message: "The checkout could not be started. Nothing was charged: please try again.",
  },
  ORDER_NOT_FOUND: { status: 404, field: "form", message: "This order was not found." },
  /** The discounted total is above 0 but below the smallest chargeable amount. */
  CHECKOUT_TOTAL_BELOW_MINIMUM: {
    status: 400,
    field: "discountCode",
    message:
      "With this discount the total is below the smallest amount we can charge, so this code cannot be used for this product.",
  },
  CHECKOUT_PROVIDER_UNAVAILABLE: {
    status: 400,
    field: "form",
    message: "This way of paying is not available for this product. Please choose another one.",
  },
  /** A webhook for a provider this server lacks. */
  WEBHOOK_PROVIDER_UNKNOWN: { status: 404, field: "form", message: "Unknown payment provider." },
  /** A missing TEST MODE checkout, or the test provider is off. */
  TEST_CHECKOUT_NOT_FOUND: { status: 404, field: "form", message: "This test checkout does not exist." },
  /** A physical product's variant missing, archived or of another product. */
  CHECKOUT_VARIANT_UNAVAILABLE: {
    status: 400,
    field: "variantId",
    message: "Please choose an option of this product.",
  },
  CHECKOUT_QUANTITY_INVALID: { status: 400, field: "quantity", message: "Please enter a quantity from 1 to 99." },
  /** Lines of several sellers or currencies, or too many lines, in one checkout. */
  CHECKOUT_LINES_MIXED: {
    status: 400,
    field: "form",
    message: "These products cannot be bought together. Please check out each store separately.",
  },
  /** Physical lines with no shipping address. */
  CHECKOUT_ADDRESS_REQUIRED: { status: 400, field: "country", message: "Please enter where to ship your order." },
  /** Physical lines with no shipping option chosen, or one that does not serve the address. */
  CHECKOUT_SHIPPING_RATE_REQUIRED: {
    status: 400,
    field: "shippingRateId",
    message: "Please choose a shipping option.",
  },

  // Stock
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
  // Point of sale
  POS_SHIFT_NOT_FOUND: { status: 404, field: "form", message: "This register's shift was not found." },
  POS_SHIFT_CLOSED: { status: 409, field: "form", message: "This shift is closed. Open a new shift to sell." },
  POS_SHIFT_ALREADY_OPEN: { status: 409, field: "form", message: "This register already has an open shift." },
  POS_REGISTER_NOT_FOUND: { status: 404, field: "form", message: "This register was not found." },
  POS_PRODUCT_UNAVAILABLE: { status: 409, field: "lines", message: "A product in the cart is no longer for sale." },
  POS_PRICE_CHANGED: {
    status: 409,
    field: "lines",
    message: "A price in the cart has changed. Refresh the catalogue and try again.",
  },
  POS_PAYMENTS_MISMATCH: { status: 400, field: "payments", message: "The payments do not add up to the total." },
  POS_CASH_TOO_LOW: { status: 400, field: "tendered", message: "The cash tendered is less than the amount due." },
  POS_METHOD_NEEDS_CONNECTION: {
    status: 400,
    field: "payments",
    message: "Card and pay-on-phone payments need a connection.",
  },
  POS_SALE_CONFLICT: { status: 409, field: "form", message: "This sale was already recorded for another store." },
  POS_AMOUNT_INVALID: { status: 400, field: "amount", message: "Please enter an amount, like 12 or 12.50." },
  POS_REASON_REQUIRED: { status: 400, field: "reason", message: "Please say why cash goes in or out." },
  POS_CARD_UNAVAILABLE: {
    status: 503,
    field: "payments",
    message: "Card payments are not available right now. Please take cash or another method.",
  },
  POS_CARD_NOT_SPLIT: {
    status: 400,
    field: "payments",
    message: "A sale takes one card or pay-on-phone part. Please take the rest in cash or another way.",
  },
  POS_CHANGE_NOT_CASH: {
    status: 400,
    field: "payments",
    message: "Only cash gives change: a card or other part must be its exact amount.",
  },
  POS_READER_REFUSED: { status: 400, field: "registrationCode", message: "This reader could not be connected." },
  POS_READER_UNAVAILABLE: {
    status: 409,
    field: "registrationCode",
    message: "Card readers need Stripe to be set up on this server.",
  },
  POS_PAYMENT_NOT_FOUND: { status: 404, field: "form", message: "This payment was not found or is no longer open." },
  /** An offline sale sent after its shift's close, timed after the close (or ahead of the server's clock). */
  POS_SALE_AFTER_CLOSE: {
    status: 409,
    field: "form",
    message: "This sale was made after its shift was closed. Open a new shift and record the sale there.",
  },
  /** An offline sale for a closed shift timed before the shift opened or more than 30 days ago. */
  POS_SALE_TIME_INVALID: {
    status: 409,
    field: "form",
    message: "This sale's time is outside its shift, which is closed. Check the device's clock and record it again.",
  },
  /** An event's register takes only the methods of the seller's Event Sales setup. */
  POS_METHOD_NOT_ACCEPTED: {
    status: 400,
    field: "payments",
    message: "This event's register does not take this payment method. Take one your Event Sales setup accepts.",
  },

  // Events
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

  // Social posts
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

  // Shipping
  /** No zone of the seller serves the buyer's country; the message names it. */
  SHIPPING_COUNTRY_UNSERVED: { status: 400, field: "country", message: "We don't ship to this country yet." },
  SHIPPING_ZONE_NOT_FOUND: { status: 404, field: "form", message: "This shipping zone was not found." },
  /** A zone names a country another zone of the seller already serves; the message names both. */
  SHIPPING_COUNTRY_TAKEN: { status: 409, field: "countries", message: "A country can be in only one zone." },
  SHIPPING_SAVE_FAILED: {
    status: 503,
    field: "form",
    message: "Your shipping settings could not be saved. Please try again.",
  },

  // Discount codes: at checkout
  DISCOUNT_CODE_INVALID: { status: 400, field: "discountCode", message: "This discount code is not valid." },
  DISCOUNT_CODE_EXPIRED: { status: 400, field: "discountCode", message: "This discount code has expired." },
  DISCOUNT_CODE_NOT_STARTED: { status: 400, field: "discountCode", message: "This discount code is not active yet." },
  DISCOUNT_CODE_USED_UP: {
    status: 409,
    field: "discountCode",
    message: "This discount code has been used the maximum number of times.",
  },
  DISCOUNT_CODE_NOT_APPLICABLE: {
    status: 400,
    field: "discountCode",
    message: "This discount code does not apply to this product.",
  },
  DISCOUNT_CODE_MIN_AMOUNT: {
    status: 400,
    field: "discountCode",
    message: "Your order does not reach this discount code's minimum amount.",
  },
  /** This client already holds as many open checkouts with the code as one client may. */
  DISCOUNT_CODE_HELD: {
    status: 409,
    field: "discountCode",
    message:
      "You already have open checkouts with this discount code. Please finish one, or try again in a few minutes.",
  },
  DISCOUNT_CODE_RATE_LIMITED: {
    status: 429,
    field: "discountCode",
    message: "Too many discount code attempts. Please wait a few minutes and try again.",
  },

  // Discount codes: the seller's management
  /** Missing or another creator's code: the same answer either way. */
  DISCOUNT_NOT_FOUND: { status: 404, field: "form", message: "This discount code was not found." },
  DISCOUNT_CODE_TAKEN: {
    status: 409,
    field: "code",
    message: "You already have a discount code with this name (codes ignore upper and lower case).",
  },
  DISCOUNT_PRODUCT_NOT_FOUND: {
    status: 400,
    field: "productIds",
    message: "One of the chosen products is not in your store. Please reload the page and choose again.",
  },
  DISCOUNT_MAX_BELOW_USED: {
    status: 409,
    field: "maxRedemptions",
    message: "The maximum cannot be lower than the redemptions already counted.",
  },
  DISCOUNT_HAS_REDEMPTIONS: {
    status: 409,
    field: "form",
    message:
      "This code has been used, so it cannot be deleted (orders keep it). Archive it instead to stop accepting it.",
  },
  DISCOUNT_SAVE_FAILED: {
    status: 503,
    field: "form",
    message: "Your discount code could not be saved. Your changes are still in the form: please try again.",
  },
  DISCOUNT_ACTION_FAILED: { status: 503, field: "form", message: "That did not work. Please try again in a moment." },

  // Payments
  WEBHOOK_INVALID: { status: 400, field: "form", message: "Webhook signature verification failed." },
  /** A verified order event whose order is not found (yet): not acknowledged, so the provider delivers it again. */
  WEBHOOK_ORDER_NOT_FOUND: {
    status: 503,
    field: "form",
    message: "The order of this event was not found yet. Please retry.",
  },
  // Payments: the seller's provider connection
  PAYMENT_PROVIDER_NOT_CONFIGURED: {
    status: 409,
    field: "form",
    message: "This payment provider is not set up on this server yet.",
  },
  PAYMENT_CONNECT_FAILED: {
    status: 503,
    field: "form",
    message: "The payment provider could not be reached. Nothing was changed: please try again in a moment.",
  },
  PAYMENT_ACCOUNT_NOT_FOUND: {
    status: 404,
    field: "form",
    message: "You have not connected this payment provider yet.",
  },

  // Orders and refunds
  REFUND_AMOUNT_INVALID: {
    status: 400,
    field: "amount",
    message: "Please enter an amount to refund, like 12 or 12.50.",
  },
  REFUND_AMOUNT_TOO_HIGH: {
    status: 400,
    field: "amount",
    message: "You cannot refund more than what is left of the order's amount.",
  },
  REFUND_LINES_INVALID: {
    status: 400,
    field: "form",
    message: "Please choose the units to refund: at most what is left of each line.",
  },
  ORDER_NOT_REFUNDABLE: { status: 409, field: "form", message: "Only paid orders can be refunded." },
  REFUND_PROVIDER_UNAVAILABLE: {
    status: 409,
    field: "form",
    message:
      "This order was paid through a payment provider that is not configured on this server, so it cannot be refunded here. Refund it in the provider's dashboard.",
  },
  REFUND_PROVIDER_FAILED: {
    status: 502,
    field: "form",
    message: "The payment provider refused the refund. Nothing was refunded.",
  },
  REFUND_FAILED: {
    status: 503,
    field: "form",
    message: "The refund could not be completed. Please try again in a moment.",
  },
  REFUND_UNCONFIRMED: {
    status: 504,
    field: "form",
    message:
      "The payment provider did not confirm the refund. It is shown as pending confirmation and checked with the provider within minutes: do not refund it again.",
  },
  /** A counter sale's cash or other share: only a register's refund pays it back. */
  REFUND_AT_REGISTER: {
    status: 409,
    field: "form",
    message:
      "Part of this refund goes back in cash or another way paid at the counter. Refund it at an open register shift.",
  },

  // Orders: fulfilment
  FULFILMENT_NOTHING_TO_SHIP: {
    status: 400,
    field: "form",
    message: "Please enter how many units you are shipping for at least one line.",
  },
  FULFILMENT_QUANTITY_TOO_HIGH: {
    status: 409,
    field: "form",
    message: "You cannot ship more units than are left to ship. Reload the page to see what is left.",
  },
  /** A line id that is not one of the order's physical lines. */
  FULFILMENT_LINE_NOT_FOUND: {
    status: 400,
    field: "form",
    message: "One of these lines is not a product to ship in this order. Reload the page and try again.",
  },
  ORDER_NOT_FULFILLABLE: { status: 409, field: "form", message: "Only paid orders can be fulfilled." },
  TRACKING_URL_INVALID: {
    status: 400,
    field: "trackingUrl",
    message: "Please enter a tracking link starting with http:// or https://, or leave it empty.",
  },

  // Customers
  CUSTOMER_NOT_FOUND: {
    status: 404,
    field: "form",
    message: "No customer with this email has bought from your store.",
  },

  // Delivery
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

  // Orders: resend the receipt
  RECEIPT_NOT_RESENDABLE: { status: 409, field: "form", message: "Only paid orders have a receipt to send again." },
  RECEIPT_RESEND_RATE_LIMITED: {
    status: 429,
    field: "form",
    message: "This receipt was sent again several times in the last hour. Please wait before sending it again.",
  },

  // Payouts
  PAYOUTS_PROVIDER_UNREACHABLE: {
    status: 503,
    field: "form",
    message:
      "Stripe could not be reached just now, so your Stripe balance and payouts are not shown. Your earnings below are up to date: try again in a moment.",
  },
  PAYOUTS_ACCOUNT_REFUSED: {
    status: 409,
    field: "form",
    message:
      "Stripe did not let Sellkit read this account's balance and payouts. Check your Stripe connection on the Payments page.",
  },

  // Analytics and the creator's time zone
  ANALYTICS_RANGE_UNKNOWN: {
    status: 400,
    field: "range",
    message: "Please choose one of the ranges: last 7, 30 or 90 days, last 12 months, or your own dates.",
  },
  ANALYTICS_DATE_INVALID: { status: 400, field: "from", message: "Please enter dates as YYYY-MM-DD, like 2026-11-01." },
  ANALYTICS_RANGE_REVERSED: { status: 400, field: "to", message: "The end date must be on or after the start date." },
  ANALYTICS_RANGE_TOO_LONG: {
    status: 400,
    field: "to",
    message: "A custom range can be at most 2 years (731 days) long.",
  },
  TIME_ZONE_INVALID: { status: 400, field: "timeZone", message: "Please choose a time zone from the list." },
  TIME_ZONE_SAVE_FAILED: {
    status: 503,
    field: "form",
    message: "Your time zone could not be saved. Please try again.",
  },

  // Dates and quantities out of range
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
  /** A receipt or adjustment that would take a level out of the range a count may set; the message names the limits. */
  STOCK_LEVEL_OUT_OF_RANGE: {
    status: 409,
    field: "quantity",
    message: "Stock on hand stays between 0 and 1,000,000 units.",
  },

  // Link in Bio
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
  SUBSCRIPTION_NOT_FOUND: { status: 404, field: "form", message: "This unsubscribe link is not valid." },
  SUBSCRIPTION_CONFIRMATION_NOT_FOUND: {
    status: 404,
    field: "form",
    message: "This confirmation link is not valid or has expired. Sign up again to get a new one.",
  },

  // Public site
  CONTACT_RATE_LIMITED: {
    status: 429,
    field: "form",
    message: "Too many messages. Please wait a while before writing again.",
  },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

/** A failed verb's answer: its code and message. */
export type Failure<C extends ErrorCode = ErrorCode> = { ok: false; code: C; message: string };

/** The failure of `code`, with the catalogue's message unless another is given. */
export function fail<C extends ErrorCode>(code: C, message?: string): Failure<C> {
  return { ok: false, code, message: message ?? ERRORS[code].message };
}

/** The HTTP status of a code. */
export function statusOf(code: ErrorCode): number {
  return ERRORS[code].status;
}

/** The field a failure belongs to, or null for the form as a whole. */
export function fieldOf(code: ErrorCode): string | null {
  const { field } = ERRORS[code];
  return field === "form" ? null : field;
}

/** Conform's error shape for a failure; `fields` renames catalogue fields. */
export function formErrorsOf(
  failure: Failure,
  fields: Record<string, string> = {},
): { formErrors?: string[]; fieldErrors?: Record<string, string[]> } {
  const field = fieldOf(failure.code);
  return field ? { fieldErrors: { [fields[field] ?? field]: [failure.message] } } : { formErrors: [failure.message] };
}

/** Whether a value is one of the catalogue's codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERRORS, value);
}

/** What a thrown error response carries. */
export type ErrorBody = { code: ErrorCode; message: string };

/** Whether a thrown route error's data is a coded error. */
export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    isErrorCode((value as { code?: unknown }).code) &&
    typeof (value as { message?: unknown }).message === "string"
  );
}
