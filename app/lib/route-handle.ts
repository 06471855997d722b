import { useMatches } from "react-router";

/** What a route module may declare in its `handle` export. */
export type RouteHandle = {
  /** `false` for pages with nothing interactive: the document then ships no script at all. */
  hydrate?: boolean;
};

export const STATIC_PAGE: RouteHandle = { hydrate: false };

/**
 * True unless a matched route opted out of hydration (the Remix `useShouldHydrate` pattern) — and always when
 * the page carries a toast or a signed-in user, which need the client (toasts, sign-out feedback).
 */
export function useShouldHydrate(): boolean {
  const matches = useMatches();
  const root = matches[0]?.loaderData as { toast?: unknown; user?: unknown } | undefined;
  if (root?.toast || root?.user) return true;
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}
