import { lazy } from "react";

// What an error page shows, in a chunk loaded when one renders: the public site's header and footer stay out of every
// page's script. The server renders the whole page before it answers (entry.server.tsx), so the HTML is complete.

/** The error's content (the not-found text or the error's message), for a frame such as the workspace's. */
export const RouteErrorContent = lazy(() => import("./route-error").then((m) => ({ default: m.RouteErrorContent })));

/** The root's error page, in the public site's frame. */
export const RootErrorPage = lazy(() => import("./route-error").then((m) => ({ default: m.RootErrorPage })));
