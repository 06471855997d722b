import { absoluteUrl } from "~/domains/catalog/store-profile";
import { bioPath } from "~/domains/link-in-bio/bio-content";
import { bioOgImage } from "~/domains/link-in-bio/server/bio-og-image.server";
import { readBioPage } from "~/domains/link-in-bio/server/read-bio-page.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/s.$handle.links.og[.]png";

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
/** The bio page's Open Graph image, drawn from its profile; link previews fetch it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await readBioPage(context.services.db, params.handle);
  if (!page) return notFound();
  const address = absoluteUrl(context.services.env.APP_URL, bioPath(page.store.handle)).replace(/^https?:\/\//, "");
  const png = await bioOgImage(page, address);
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
