import { type RequestMeta, requestMeta } from "./request-meta.server";

/** What a verb may know of its request, so verbs need no Request. */
export type RequestContext = {
  /** The client's IP and user agent. */
  meta: RequestMeta;
  /** The request's headers, for better-auth's session cookie. */
  headers: Headers;
  /** Where the request was made, for redirects back. */
  url: URL;
};

/** The context of `request`. */
export function requestContext(request: Request): RequestContext {
  return { meta: requestMeta(request), headers: request.headers, url: new URL(request.url) };
}
