import { CLIENT_IP_HEADER } from "./session-cookie.server";

/** Who made a request, as written with security events. */
export type RequestMeta = { ipAddress?: string; userAgent?: string };

/** The client's IP (trusted proxies only) and user agent. */
export function requestMeta(request: Request): RequestMeta {
  return {
    ipAddress: request.headers.get(CLIENT_IP_HEADER) || undefined,
    userAgent: request.headers.get("user-agent")?.slice(0, 512) || undefined,
  };
}
