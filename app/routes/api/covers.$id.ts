import { readCurrentUser } from "~/kernel/session/read-current-user.server";
import { readCover } from "~/domains/catalog/server/read-cover.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/covers.$id";
import { isUuid } from "~/lib/text-formats";

/** Cover ids are never reused (a new cover is a new row), so a published cover is cached for a year. */
const PUBLIC_CACHE = "public, max-age=31536000, immutable";

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

/**
 * A product's cover image with the type sniffed at upload (never SVG) and a strict CSP of its own.
 * Unpublished covers are for their owner only, never from a shared cache.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) return notFound();
  const cover = await readCover(context.services.db, params.id);
  if (!cover) return notFound();
  if (!cover.published) {
    const viewer = await readCurrentUser(context.services, requestContext(request));
    if (viewer?.id !== cover.ownerId) return notFound();
  }
  return new Response(new Uint8Array(cover.bytes), {
    headers: {
      "Content-Type": cover.contentType,
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": cover.published ? PUBLIC_CACHE : "private, no-store",
    },
  });
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
