/** A read-only resource route's plain 405 to writes, instead of React Router's default. */
export function methodNotAllowed(allow = "GET, HEAD"): Response {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: allow, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
