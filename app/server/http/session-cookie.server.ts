/** better-auth's cookies are named `sellkit.*` (`__Secure-sellkit.*` over HTTPS). */
export const SESSION_COOKIE_PREFIX = "sellkit";
/** The one-shot toast cookie set before a redirect. */
export const TOAST_COOKIE_NAME = "sellkit.toast";
/** Matches a session or toast cookie, whose pages are never prerendered. */
export const PERSONALISED_COOKIE_PATTERN = /(?:^|;\s*)(?:__Secure-)?sellkit\.(?:session_token|toast)=/;
/** The header the Node server sets to the client's address; clients cannot set it. */
export const CLIENT_IP_HEADER = "x-sellkit-client-ip";
