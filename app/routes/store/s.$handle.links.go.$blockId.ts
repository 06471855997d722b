import { redirect } from "react-router";
import { attributionOf, withAttribution } from "~/domains/analytics/content/attribution";
import { isBot, isPrefetch } from "~/domains/analytics/content/view-rules";
import { isSlugLike, productBuyPath, productPagePath } from "~/domains/catalog/store-profile";
import { bioPath, blockAttribution } from "~/domains/link-in-bio/bio-content";
import { followBioBlock } from "~/domains/link-in-bio/server/follow-bio-block.server";
import { httpUrl } from "~/lib/http-url";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/s.$handle.links.go.$blockId";

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

/**
 * A bio block's counted redirect: people's clicks count per block and day, then it leads to the link or buy page.
 * An incoming tracked link (`via`) is carried instead, as first touch wins.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isSlugLike(params.handle)) return notFound();
  const userAgent = request.headers.get("user-agent") ?? undefined;
  const counted =
    request.method === "GET" &&
    !isBot(userAgent) &&
    !isPrefetch(request.headers.get("sec-purpose") ?? request.headers.get("purpose")) &&
    // Counted by the rule of views and tracking links: a visitor once per block and window, an address's caps.
    context.services.visitors.admit(
      `bio-block\t${params.blockId.toLowerCase()}`,
      Date.now(),
      context.clientIp ?? "",
      userAgent!,
    ) !== null;
  const target = await followBioBlock(context.services.db, params.handle, params.blockId, counted);
  const headers = { "Cache-Control": "no-store" };
  if (!target) return redirect(bioPath(params.handle), { headers });
  const own = new URL(context.services.env.APP_URL);
  const incoming = attributionOf(new URL(request.url).search, undefined, own.hostname);
  const attribution = blockAttribution(incoming, params.blockId);
  if (target.kind === "product") {
    const path = target.physical
      ? productPagePath(target.handle, target.slug)
      : productBuyPath(target.handle, target.slug);
    return redirect(withAttribution(path, attribution), { headers });
  }
  const url = httpUrl(target.url);
  if (!url) return redirect(bioPath(params.handle), { headers });
  return redirect(new URL(url).origin === own.origin ? withAttribution(url, attribution) : url, { headers });
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
