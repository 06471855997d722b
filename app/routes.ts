import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The map of the product: one module per URL. */
export default [
  // Public marketing site (prerendered)
  index("routes/home.tsx"),
  route("features", "routes/features.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("tier/:plan", "routes/tier.tsx"),
  route("security", "routes/security.tsx"),
  route("help", "routes/help.tsx"),
  route("contact", "routes/contact.tsx"),
  route("about", "routes/about.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:id", "routes/blog-post.tsx"),
  route("blog/:id/share/:network", "routes/blog-post-share.ts"),
  route("partners", "routes/partners.tsx"),
  route("learn", "routes/learn.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),

  // Machine-readable files
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),

  // Development only: the local mailbox (404 in production)
  route("dev/mailbox", "routes/dev-mailbox.tsx"),
  route("dev/mailbox/:id", "routes/dev-mailbox-message.tsx"),

  // Everything else
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
