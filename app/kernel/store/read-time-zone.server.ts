import { TIME_ZONE_COOKIE } from "./store-defaults";
import type { RequestContext } from "~/server/http/request-context.server";

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** The IANA time zone the browser reported in its cookie, if it looks like one (checked again by Intl). */
export function readTimeZone(ctx: RequestContext): string | undefined {
  const header = ctx.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== TIME_ZONE_COOKIE) continue;
    try {
      const value = decodeURIComponent(rest.join("="));
      return ZONE_NAME.test(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
