// The one-click unsubscribe link every mail to a subscriber carries, in its body and in its RFC 8058 headers.

/** A subscription token as mailed: 24 random bytes in base64url. */
export const SUBSCRIPTION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

const ONE_CLICK_PATH = /^\/unsubscribe\/[A-Za-z0-9_-]{32}$/;

/** The unsubscribe page of a token: a button to press, and the target of mail clients' one-click POST. */
export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

/**
 * Whether `pathname` is exactly an unsubscribe link with a well-formed token: mail providers POST it without Origin.
 */
export function isOneClickUnsubscribePath(pathname: string): boolean {
  return ONE_CLICK_PATH.test(pathname);
}

/** The List-Unsubscribe headers of a subscriber mail, so mail clients offer one-click unsubscribe (RFC 8058). */
export function unsubscribeHeaders(appUrl: string, token: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${appUrl.replace(/\/+$/, "")}${unsubscribePath(token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
