import { lazy } from "react";

// An error page's content, in its own chunk: the public site's header and footer stay out of every page's script.

/** The error's content (the not-found text or the error's message), for a frame such as the workspace's. */
export const RouteErrorContent = lazy(() => import("./route-error").then((m) => ({ default: m.RouteErrorContent })));

/** The root's error page, in the public site's frame. */
export const RootErrorPage = lazy(() => import("./route-error").then((m) => ({ default: m.RootErrorPage })));
