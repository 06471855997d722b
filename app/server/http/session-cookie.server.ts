/** better-auth's cookies are named `sellkit.*` (`__Secure-sellkit.*` over HTTPS). */
export const SESSION_COOKIE_PREFIX = "sellkit";
/** The one-shot toast cookie set before a redirect (see app/server/toast). */
export const TOAST_COOKIE_NAME = "sellkit.toast";
/**
 * Matches a request carrying a session or toast cookie: its pages depend on who asks, so they are rendered per
 * request and never served prerendered.
 */
export const PERSONALISED_COOKIE_PATTERN = /(?:^|;\s*)(?:__Secure-)?sellkit\.(?:session_token|toast)=/;
/** The header the Node server sets to the client's address (from trusted proxies only); clients cannot set it. */
export const CLIENT_IP_HEADER = "x-sellkit-client-ip";
