import type { Route } from "./+types/api-auth";

/**
 * better-auth over HTTP, limited to what browsers need to reach directly. Sign-up, sign-in, password
 * reset requests and magic links go through the app's own actions (captcha, rate limits, events, no
 * enumeration), so their better-auth endpoints are not exposed.
 */
const EXPOSED: { method: string; path: RegExp }[] = [
  { method: "GET", path: /^\/get-session$/ },
  { method: "POST", path: /^\/sign-out$/ },
  // Also the confirmation link of an email change (settings): better-auth mails it to the NEW address and changes
  // the email when it is opened here (token requestType "change-email-verification"). No other endpoint is needed.
  { method: "GET", path: /^\/verify-email$/ },
  { method: "GET", path: /^\/reset-password\/[^/]+$/ },
  { method: "GET", path: /^\/callback\/[a-z]+$/ },
  { method: "POST", path: /^\/callback\/[a-z]+$/ },
];

function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  if (!EXPOSED.some((rule) => rule.method === request.method && rule.path.test(path))) {
    return Response.json({ message: "Not found" }, { status: 404 });
  }
  return context.services.auth.handler(request);
}

export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
