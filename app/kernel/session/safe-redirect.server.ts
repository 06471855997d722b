/** The longest redirect target followed back after signing in. */
const MAX_REDIRECT_LENGTH = 2048;

/**
 * A redirect target limited to a same-origin path; absolute URLs, protocol-relative hosts, backslashes and control
 * characters give the fallback.
 */
export function safeRedirectPath(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > MAX_REDIRECT_LENGTH) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters in a redirect target are what this refuses
  if (/[\u0000-\u001f\\]/.test(target)) return fallback;
  try {
    const url = new URL(target, "http://sellkit.invalid");
    if (url.origin !== "http://sellkit.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The sign-in page that leads back to `pathname` and `search`; a query too long to come back to is left out. */
export function signInPath(pathname: string, search: string): string {
  const back = pathname + search;
  return `/auth?from=${encodeURIComponent(back.length <= MAX_REDIRECT_LENGTH ? back : pathname)}`;
}
