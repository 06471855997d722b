import { getSessionUser } from "~/server/auth/get-session-user.server";
import { isExposedAuthEndpoint } from "~/server/auth/exposed-auth-endpoints";
import type { Route } from "./+types/api-auth";

/** better-auth over HTTP, only for the endpoints browsers need (see exposed-auth-endpoints.ts). */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  if (!isExposedAuthEndpoint(request.method, path)) {
    return Response.json({ message: "Not found" }, { status: 404 });
  }
  // A session that still owes its second factor is not a signed-in session for the browser either.
  if (path === "/get-session" && (await getSessionUser(context.services, request))?.secondFactor === "pending") return Response.json(null);
  return context.services.auth.handler(request);
}

export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
