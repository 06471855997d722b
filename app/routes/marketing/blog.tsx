import { Link } from "react-router";
import { PageHero, PageShell, Section } from "~/components/site/page-shell";
import { BLOG_POSTS } from "~/domains/marketing/content/blog-posts";
import { formatLongDate } from "~/lib/format-date";
import { pageMeta } from "~/lib/meta";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/blog";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Blog", description: "Guides on pricing, delivery, sales methods and security for creators." });

export default function Blog() {
  return (
    <PageShell>
      <PageHero title="Blog" lead="Guides and stories for creators and small sellers." />
      <Section>
        <ul className="grid gap-8 md:grid-cols-2">
          {BLOG_POSTS.map((post) => (
            <li key={post.id} className="overflow-hidden rounded-lg border bg-card shadow-sm">
              <img
                src={post.imageUrl}
                alt=""
                width={800}
                height={400}
                loading="lazy"
                className="aspect-[2/1] w-full object-cover"
              />
              <div className="p-6">
                <p className="text-xs font-semibold uppercase tracking-wide text-primary">{post.category}</p>
                <h2 className="mt-2 text-xl font-semibold">
                  <Link to={`/blog/${post.id}`} className="hover:underline">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-2 text-muted-foreground">{post.excerpt}</p>
                <p className="mt-4 text-sm text-muted-foreground">
                  {post.author} · <time dateTime={post.date}>{formatLongDate(post.date)}</time> · {post.readTime}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
    </PageShell>
  );
}
