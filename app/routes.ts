import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

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

  // Accounts
  route("auth", "routes/auth.tsx"),
  route("signup", "routes/signup.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("choose-plan", "routes/choose-plan.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("verify", "routes/verify.tsx"),
  route("verification-success", "routes/verification-success.tsx"),
  route("auth/google/callback", "routes/auth-google-callback.tsx"),
  route("auth/two-factor", "routes/auth-two-factor.tsx"),

  // Signed-in area: every page in the workspace layout (its navigation), URLs unchanged
  layout("routes/workspace-layout.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    route("settings", "routes/settings.tsx"),
    route("security-settings", "routes/security-settings.tsx"),
    route("sales/online-store", "routes/sales-online-store.tsx"),
    route("sales/retail-store", "routes/sales-retail-store.tsx"),
    route("sales/event-sales", "routes/sales-event-sales.tsx"),
    route("sales/existing-website", "routes/sales-existing-website.tsx"),
    route("sales/social-media", "routes/sales-social-media.tsx"),
    // The Product Manager (issue 14): before tools/:tool, whose dynamic page would otherwise answer /tools/products
    route("tools/products", "routes/tools-products.tsx"),
    route("tools/products/new", "routes/tools-products-new.tsx"),
    // Discount codes (issue 15): before tools/products/:id
    route("tools/products/discounts", "routes/tools-products-discounts.tsx"),
    route("tools/products/:id", "routes/tools-products-edit.tsx"),
    route("tools/products/:id/files", "routes/product-files.tsx"),
    route("tools/estore-builder", "routes/tools-estore-builder.tsx"),
    // The seller's orders and refunds (issue 15)
    route("orders", "routes/orders.tsx"),
    route("orders/:id", "routes/orders-detail.tsx"),
    // The seller's customers (issue 16.4); the CSV exports /orders/export.csv and /customers/export.csv are streamed by
    // the Express app (app/features/customers/server/export-handler.server.ts)
    route("customers", "routes/customers.tsx"),
    route("customers/:email", "routes/customers-detail.tsx"),
    route("tools/:tool", "routes/tools.tsx"),
    // The seller's analytics (issue 16.2): figures by day in their time zone, for a range named in the URL
    route("analytics", "routes/analytics.tsx"),
    // Payments (issue 15): the seller's provider connection
    route("payments", "routes/payments.tsx"),
    // Payouts (issue 16.5): earnings, the provider's balance and payouts
    route("payouts", "routes/payouts.tsx"),
  ]),
  // The signed-in area's resources (no page of their own)
  route("security-settings/export", "routes/security-settings-export.ts"),
  route("security-settings/sessions", "routes/security-settings-sessions.ts"),
  route("api/security/events", "routes/api-security-events.ts"),
  // The dashboards' live figures (issue 16.6): the signed-in seller's order changes as Server-Sent Events
  route("api/orders/changes", "routes/api-order-changes.ts"),
  // The return from a payment provider's onboarding (issue 15)
  route("payments/:provider/return", "routes/payments-return.ts"),

  // A creator's public buy page (the target of the buy-button snippet)
  route("buy/:id", "routes/buy.tsx"),

  // A creator's store (issue 14): the storefront, a product's sales page and its buy page (server-rendered, no script)
  route("s/:handle", "routes/store.tsx"),
  route("s/:handle/:slug", "routes/store-product.tsx"),
  route("s/:handle/:slug/buy", "routes/store-product-buy.tsx"),

  // Checkout (issue 15): the test provider's TEST MODE page, the buyer's return page, payment providers' webhooks
  route("checkout/test/:id", "routes/checkout-test.tsx"),
  route("checkout/:orderId", "routes/checkout-return.tsx"),
  route("api/webhooks/:provider", "routes/api-webhooks.ts"),

  // A buyer's purchases (issue 15.5): new links by email, the download page (its signed file links, GET
  // /purchases/:orderId/files/:fileId, are streamed by the Express app: app/features/delivery/server/download-handler.server.ts)
  route("purchases", "routes/purchases-lost-link.tsx"),
  route("purchases/:orderId", "routes/purchases.tsx"),

  // Resources
  route("api/auth/*", "routes/api-auth.ts"),
  route("api/captcha/challenge", "routes/api-captcha-challenge.ts"),
  route("avatars/:id", "routes/avatars.ts"),
  route("api/product-files", "routes/api-product-files.ts"),
  route("covers/:id", "routes/covers.ts"),

  // Machine-readable files
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),

  // Development only: the local mailbox (404 in production)
  route("dev/mailbox", "routes/dev-mailbox.tsx"),
  route("dev/mailbox/:id", "routes/dev-mailbox-message.tsx"),

  // Everything else
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
