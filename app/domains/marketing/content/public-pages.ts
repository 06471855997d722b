import { BLOG_POSTS } from "./blog-posts";
// Relative: react-router.config.ts loads this module without the `~` alias.
import { PLAN_IDS } from "../../../lib/plans";

/** Every public page of the marketing site: prerendered at build, listed in sitemap.xml, visited by the E2E suite. */
export const PUBLIC_PATHS: string[] = [
  "/",
  "/features",
  "/pricing",
  ...PLAN_IDS.map((id) => `/tier/${id}`),
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
