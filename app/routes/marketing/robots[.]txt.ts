import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/robots[.]txt";

/** Private areas are kept out of search engines; the sitemap lists the public site. */
export const DISALLOWED_PATHS = [
  "/api/",
  "/dashboard",
  "/settings",
  "/security-settings",
  "/sales/",
  "/tools/",
  "/dev/",
];

export function loader({ context }: Route.LoaderArgs) {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${context.services.env.APP_URL}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
