import { readSessionUser } from "~/kernel/session/read-session-user.server";
import { isExposedAuthEndpoint } from "~/kernel/session/exposed-auth-endpoints.server";
import { findUnsafeRedirect } from "~/domains/accounts/server/find-unsafe-redirect.server";
import type { Route } from "./+types/api.auth.$";
import { requestContext } from "~/server/http/request-context.server";

/**
 * The longest redirect better-auth may answer with. Its OAuth callback echoes posted fields into Location, and Node
 * clients fail on headers over 16 KB.
 */
const MAX_REDIRECT_LENGTH = 8_192;

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
  if (
    path === "/get-session" &&
    (await readSessionUser(context.services, requestContext(request)))?.secondFactor === "pending"
  )
    return Response.json(null);
  const response = await context.services.auth.handler(request);
  if ((response.headers.get("location")?.length ?? 0) > MAX_REDIRECT_LENGTH) {
    return Response.json({ message: "The request is too large." }, { status: 413 });
  }
  return response;
}

export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
