import { data, redirect } from "react-router";
import { findBlogPost, SHARE_NETWORKS } from "~/domains/marketing/content/blog-posts";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/blog.$id.share.$network";

/** Sends the reader to a network's share dialog with the article's absolute URL (APP_URL). */
export function loader({ params, context }: Route.LoaderArgs) {
  const post = findBlogPost(params.id);
  const network = SHARE_NETWORKS.find((n) => n.id === params.network);
  if (!post || !network) throw data("Not found", { status: 404 });
  return redirect(network.intent(`${context.services.env.APP_URL}/blog/${post.id}`, post.title));
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
