import { data } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { PageShell } from "~/components/site/page-shell";
import { buttonClass } from "~/components/ui/button";
import { findBlogPost, SHARE_NETWORKS } from "~/domains/marketing/content/blog-posts";
import { formatLongDate } from "~/lib/format-date";
import { pageMeta } from "~/lib/meta";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/blog.$id";

export const handle = STATIC_PAGE;

export function loader({ params }: Route.LoaderArgs) {
  const post = findBlogPost(params.id);
  if (!post) throw data(null, { status: 404 });
  return { postId: post.id };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const post = findBlogPost(loaderData?.postId);
  return post
    ? pageMeta({ title: post.title, description: post.excerpt })
    : pageMeta({ title: "Article not found", description: "This article does not exist." });
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const post = findBlogPost(loaderData.postId)!;
  return (
    <PageShell>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <BackLink to="/blog">Back to Blog</BackLink>
        <p className="mt-6 text-sm font-semibold uppercase tracking-wide text-primary">{post.category}</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">{post.title}</h1>
        <p className="mt-4 text-sm text-muted-foreground">
          {post.author} · <time dateTime={post.date}>{formatLongDate(post.date)}</time> · {post.readTime}
        </p>
        <img
          src={post.imageUrl}
          alt=""
          width={800}
          height={400}
          className="mt-8 aspect-[2/1] w-full rounded-lg object-cover"
        />
        <div className="mt-8 space-y-5 text-lg leading-relaxed">
          {post.content.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <footer className="mt-10 flex flex-wrap items-center gap-3 border-t pt-6">
          <span className="text-sm font-medium">Share this article</span>
          {SHARE_NETWORKS.map((network) => (
            <a
              key={network.id}
              href={`/blog/${post.id}/share/${network.id}`}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ variant: "outline", size: "sm" })}
            >
              {network.label}
            </a>
          ))}
        </footer>
      </article>
    </PageShell>
  );
}
