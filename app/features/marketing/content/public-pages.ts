import { BLOG_POSTS } from "./blog-posts";
import { PLANS } from "./plans";

/** Every public page of the marketing site: prerendered at build, listed in sitemap.xml, visited by the E2E suite. */
export const PUBLIC_PATHS: string[] = [
  "/",
  "/features",
  "/pricing",
  ...PLANS.map((plan) => `/tier/${plan.id}`),
  "/security",
  "/help",
  "/contact",
  "/about",
  "/blog",
  ...BLOG_POSTS.map((post) => `/blog/${post.id}`),
  "/partners",
  "/learn",
  "/privacy",
  "/terms",
];
