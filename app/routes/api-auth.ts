import { getSessionUser } from "~/server/auth/get-session-user.server";
import { isExposedAuthEndpoint } from "~/server/auth/exposed-auth-endpoints";
import { findUnsafeRedirect } from "~/server/auth/find-unsafe-redirect";
import type { Route } from "./+types/api-auth";

/** better-auth over HTTP, only for the endpoints browsers need (see exposed-auth-endpoints.ts). */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/^\/api\/auth/, "");
  if (!isExposedAuthEndpoint(request.method, path)) {
    return Response.json({ message: "Not found" }, { status: 404 });
  }
  const unsafe = findUnsafeRedirect(url);
  if (unsafe) return Response.json({ message: `Invalid ${unsafe}: it must be a path on this site.` }, { status: 400 });
  // A session that still owes its second factor is not a signed-in session for the browser either.
  if (path === "/get-session" && (await getSessionUser(context.services, request))?.secondFactor === "pending") return Response.json(null);
  return context.services.auth.handler(request);
}

export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
