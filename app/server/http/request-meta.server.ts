import { CLIENT_IP_HEADER } from "../auth/session-cookie";
import type { RequestMeta } from "../security/record-security-event.server";

/** The client's IP (set by the Node server from trusted proxies only) and user agent. */
export function requestMeta(request: Request): RequestMeta {
  return {
    ipAddress: request.headers.get(CLIENT_IP_HEADER) || undefined,
    userAgent: request.headers.get("user-agent")?.slice(0, 512) || undefined,
  };
}
