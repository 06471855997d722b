import { redirect } from "react-router";
import type { ToastMessage } from "~/lib/toast";
import { toastCookieHeader } from "~/server/toast/toast-cookie.server";

/** Redirects and shows `toast` on the next page, keeping extra headers. */
export async function redirectWithToast(url: string, toast: ToastMessage, init: { headers?: Headers } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookieHeader(toast));
  return redirect(url, { headers });
}
