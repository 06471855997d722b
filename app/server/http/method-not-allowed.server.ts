/**
 * The answer of a read-only resource route (robots.txt, an avatar, the captcha challenge…) to POST and other
 * writes: 405 with a plain message and `Allow`. Without an `action`, React Router answers 405 with a JSON stack
 * trace in development and "Unexpected Server Error" in production.
 */
export function methodNotAllowed(allow = "GET, HEAD"): Response {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: allow, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
