import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Sellkit";

/** Title, description and Open Graph tags of a page. */
export function pageMeta({ title, description }: { title: string; description: string }): MetaDescriptor[] {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { name: "twitter:card", content: "summary" },
  ];
}
