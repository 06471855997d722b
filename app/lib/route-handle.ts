import { useMatches } from "react-router";

/** What a route module may declare in its `handle` export. */
export type RouteHandle = {
  /** `false` for pages with nothing interactive: the document then ships no script at all. */
  hydrate?: boolean;
};

export const STATIC_PAGE: RouteHandle = { hydrate: false };

/** True unless a matched route opted out of hydration (the Remix `useShouldHydrate` pattern). */
export function useShouldHydrate(): boolean {
  return !useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}
