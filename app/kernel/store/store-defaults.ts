/** The cookie in which the browser tells the server its IANA time zone (set on every hydrated page). */
export const TIME_ZONE_COOKIE = "sellkit.tz";

/** The currency of a store that has not chosen one. */
export const DEFAULT_STORE_CURRENCY = "USD";
