import { eq } from "drizzle-orm";
import { avatars } from "~/kernel/store/tables.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/avatars.$id";
import { isUuid } from "~/lib/text-formats";

/** A profile picture, re-served with the type sniffed at upload (never SVG), no sniffing, its own strict CSP. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) return new Response("Not found", { status: 404 });
  const [row] = await context.services.db
    .select({ bytes: avatars.bytes, contentType: avatars.contentType })
    .from(avatars)
    .where(eq(avatars.id, params.id))
    .limit(1);
  if (!row) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(row.bytes), {
    headers: {
      "Content-Type": row.contentType,
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
