import { createCookie } from "react-router";
import type { ToastMessage } from "~/lib/toast";
import { TOAST_COOKIE_NAME } from "../http/session-cookie.server";

const cookie = createCookie(TOAST_COOKIE_NAME, { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

function isToast(value: unknown): value is ToastMessage {
  const t = value as ToastMessage | null;
  return Boolean(t && typeof t.title === "string" && ["success", "error", "info", "warning"].includes(t.type));
}

/** The Set-Cookie header that carries a toast to the next page. */
export function toastCookieHeader(toast: ToastMessage): Promise<string> {
  return cookie.serialize(toast);
}

/** Reads (and clears) the pending toast of this request. */
export async function takeToast(request: Request): Promise<{ toast: ToastMessage | null; headers?: Headers }> {
  const header = request.headers.get("cookie");
  if (!header?.includes(TOAST_COOKIE_NAME)) return { toast: null };
  const value = await cookie.parse(header);
  const headers = new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) });
  return { toast: isToast(value) ? value : null, headers };
}
