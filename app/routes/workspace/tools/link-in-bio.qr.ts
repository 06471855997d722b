import { requireUser } from "~/routes/http/require-user.server";
import { absoluteUrl } from "~/domains/catalog/store-profile";
import { bioPath } from "~/domains/link-in-bio/bio-content";
import { bioEditorQuery } from "~/domains/link-in-bio/server/bio-editor-query.server";
import { bioQrCode } from "~/domains/link-in-bio/server/bio-qr-code.server";
import { requestContext } from "~/server/http/request-context.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/link-in-bio.qr";

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
/** The seller's bio page address as a QR code, SVG or PNG by the path's extension. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const { page } = await requireUser(context.services, ctx, { batch: context, page: bioEditorQuery });
  if (!page.handle || !page.profile) return notFound();
  const format = ctx.url.pathname.endsWith(".svg") ? "svg" : "png";
  const body = await bioQrCode(absoluteUrl(context.services.env.APP_URL, bioPath(page.handle)), format);
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": format === "svg" ? "image/svg+xml" : "image/png",
      "Content-Disposition": `attachment; filename="${page.handle}-links-qr.${format}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
