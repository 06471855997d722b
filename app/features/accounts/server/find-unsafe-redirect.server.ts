import { safeRedirectPath } from "./safe-redirect.server";

/** The query parameters better-auth's GET endpoints redirect to (verify-email, reset-password, OAuth). */
export const AUTH_REDIRECT_PARAMS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"] as const;

/**
 * The first redirect parameter of a request to better-auth that is not a path on this site (an absolute or
 * protocol-relative URL, a malformed one), or null. better-auth follows these on GET links, which do not
 * go through its origin check, so an unchecked value would make the app an open redirect (and a malformed
 * one made it throw). Every link the app mails carries a same-origin path.
 */
export function findUnsafeRedirect(url: URL): string | null {
  for (const name of AUTH_REDIRECT_PARAMS) {
    for (const value of url.searchParams.getAll(name)) {
      if (safeRedirectPath(value, "") === "") return name;
    }
  }
  return null;
}
