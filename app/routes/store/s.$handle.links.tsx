import { data } from "react-router";
import { attributionOf, attributionQuery } from "~/domains/analytics/content/attribution";
import { absoluteUrl } from "~/domains/catalog/store-profile";
import { coverPath } from "~/domains/catalog/paths";
import { bioPath } from "~/domains/link-in-bio/bio-content";
import { BioPageView } from "~/domains/link-in-bio/components/bio-page-view";
import { readBioPage } from "~/domains/link-in-bio/server/read-bio-page.server";
import { STORE_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/s.$handle.links";

export const handle = STORE_PAGE;

/**
 * A store's Link in Bio page. Links carry the query's attribution, never the referrer's, so cached renders stay shared.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await readBioPage(context.services.db, params.handle);
  if (!page) throw data(null, { status: 404 });
  const appUrl = context.services.env.APP_URL;
  const carry = attributionQuery(attributionOf(new URL(request.url).search, undefined, new URL(appUrl).hostname));
  const firstCover = page.blocks.find((block) => block.product?.covers.length)?.product?.covers[0];
  return {
    page,
    carry,
    url: absoluteUrl(appUrl, bioPath(page.store.handle)),
    imageUrl: absoluteUrl(appUrl, `${bioPath(page.store.handle)}/og.png`),
    preload: firstCover ? coverPath(firstCover.id) : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found · Sellkit" }, { name: "robots", content: "noindex" }];
  const { page, url, imageUrl } = loaderData;
  const name = page.profile.title || page.store.name;
  const description = page.profile.bio || page.store.description || `Links and products from ${name}.`;
  return [
    { title: `${name} · Links` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "profile" },
    { property: "og:title", content: name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: page.store.name },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: name },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: name },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
};

export default function BioPage({ loaderData }: Route.ComponentProps) {
  return <BioPageView page={loaderData.page} carry={loaderData.carry} />;
}
