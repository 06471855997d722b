import { safeRedirectPath } from "~/kernel/session/safe-redirect.server";

/** The query parameters better-auth's GET endpoints redirect to (verify-email, reset-password, OAuth). */
export const AUTH_REDIRECT_PARAMS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"] as const;

/**
 * The first redirect parameter that is not a same-site path, or null; better-auth follows these on GET links without an
 * origin check.
 */
export function findUnsafeRedirect(url: URL): string | null {
  for (const name of AUTH_REDIRECT_PARAMS) {
    for (const value of url.searchParams.getAll(name)) {
      if (safeRedirectPath(value, "") === "") return name;
    }
  }
  return null;
}
