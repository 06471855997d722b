import { useMatches } from "react-router";

/** What a route module may declare in its `handle` export. */
export type RouteHandle = {
  /** `false` for pages with nothing interactive: no script is shipped. */
  hydrate?: boolean;
  /** With `hydrate: false`: no script even when signed in. */
  staticWhenSignedIn?: boolean;
};

export const STATIC_PAGE: RouteHandle = { hydrate: false };

/** A creator's public store page: never a script, whoever visits. */
export const STORE_PAGE: RouteHandle = { hydrate: false, staticWhenSignedIn: true };

/** True unless a route opts out of hydration; a toast or signed-in user needs the client. */
export function useShouldHydrate(): boolean {
  const matches = useMatches();
  if (
    matches.some(
      (match) =>
        (match.handle as RouteHandle | undefined)?.staticWhenSignedIn &&
        (match.handle as RouteHandle).hydrate === false,
    )
  )
    return false;
  const root = matches[0]?.loaderData as { toast?: unknown; user?: unknown } | undefined;
  if (root?.toast || root?.user) return true;
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}
