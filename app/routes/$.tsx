import { data } from "react-router";
import { NotFoundPage } from "~/components/site/not-found-page";
import { pageMeta } from "~/lib/meta";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/$";

export const handle = STATIC_PAGE;

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Page not found", description: "This page does not exist." }),
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundPage />;
}
