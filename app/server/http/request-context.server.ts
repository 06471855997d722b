import { type RequestMeta, requestMeta } from "./request-meta.server";

/**
 * What a verb may know of the request it serves, computed once by the route (issue 12.4): verbs take this, not
 * the Request, so they can be called from anywhere (a job, a test, another verb) without building one.
 */
export type RequestContext = {
  /** The client's IP (trusted proxies only) and user agent, as written with security events. */
  meta: RequestMeta;
  /** The request's headers: better-auth reads its session cookie from them. */
  headers: Headers;
  /** Where the request was made (path and query for redirects back). */
  url: URL;
};

export function requestContext(request: Request): RequestContext {
  return { meta: requestMeta(request), headers: request.headers, url: new URL(request.url) };
}
