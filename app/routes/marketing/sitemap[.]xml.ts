import { PUBLIC_PATHS } from "~/domains/marketing/content/public-pages";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/sitemap[.]xml";

export function loader({ context }: Route.LoaderArgs) {
  const origin = context.services.env.APP_URL;
  const urls = PUBLIC_PATHS.map((path) => `  <url><loc>${origin}${path === "/" ? "/" : path}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
