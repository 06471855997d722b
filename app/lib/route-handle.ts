import { useMatches } from "react-router";

/** What a route module may declare in its `handle` export. */
export type RouteHandle = {
  /** `false` for pages with nothing interactive: the document then ships no script at all. */
  hydrate?: boolean;
  /**
   * With `hydrate: false`: no script even for a signed-in visitor. For pages that render no Sellkit header or
   * toasts (a creator's storefront and sales pages): what the public sees is the same document.
   */
  staticWhenSignedIn?: boolean;
};

export const STATIC_PAGE: RouteHandle = { hydrate: false };

/** A creator's public store page: never a script (GUIDE §6, issue 14), whoever visits. */
export const STORE_PAGE: RouteHandle = { hydrate: false, staticWhenSignedIn: true };

/**
 * True unless a matched route opted out of hydration (the Remix `useShouldHydrate` pattern) — and always when
 * the page carries a toast or a signed-in user, which need the client (toasts, sign-out feedback).
 */
export function useShouldHydrate(): boolean {
  const matches = useMatches();
  if (matches.some((match) => (match.handle as RouteHandle | undefined)?.staticWhenSignedIn && (match.handle as RouteHandle).hydrate === false)) return false;
  const root = matches[0]?.loaderData as { toast?: unknown; user?: unknown } | undefined;
  if (root?.toast || root?.user) return true;
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}
