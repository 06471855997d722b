import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// File names spell the URL below the area folder, in React Router's flat-routes notation: "." or "/" between segments,
// $param, $ splat, _index, [.] for a dot.

/** The map of the product: one module per URL (the URLs the Express app serves itself are listed at the end). */
export default [
  // Public marketing site (prerendered), with its machine-readable files
  index("routes/marketing/_index.tsx"),
  route("features", "routes/marketing/features.tsx"),
  route("pricing", "routes/marketing/pricing.tsx"),
  route("tier/:plan", "routes/marketing/tier.$plan.tsx"),
  route("security", "routes/marketing/security.tsx"),
  route("help", "routes/marketing/help.tsx"),
  route("contact", "routes/marketing/contact.tsx"),
  route("about", "routes/marketing/about.tsx"),
  route("blog", "routes/marketing/blog.tsx"),
  route("blog/:id", "routes/marketing/blog.$id.tsx"),
  route("blog/:id/share/:network", "routes/marketing/blog.$id.share.$network.ts"),
  route("partners", "routes/marketing/partners.tsx"),
  route("learn", "routes/marketing/learn.tsx"),
  route("privacy", "routes/marketing/privacy.tsx"),
  route("terms", "routes/marketing/terms.tsx"),
  route("sitemap.xml", "routes/marketing/sitemap[.]xml.ts"),
  route("robots.txt", "routes/marketing/robots[.]txt.ts"),

  // Accounts
  route("auth", "routes/auth/auth.tsx"),
  route("signup", "routes/auth/signup.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("logout", "routes/auth/logout.ts"),
  route("choose-plan", "routes/auth/choose-plan.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("verify", "routes/auth/verify.tsx"),
  route("verification-success", "routes/auth/verification-success.tsx"),
  route("auth/google/callback", "routes/auth/auth.google.callback.tsx"),
  route("auth/two-factor", "routes/auth/auth.two-factor.tsx"),

  // Signed-in area: every page in the workspace layout (its navigation), URLs unchanged
  layout("routes/workspace/_layout.tsx", [
    route("dashboard", "routes/workspace/dashboard.tsx"),
    route("settings", "routes/workspace/settings.tsx"),
    route("settings/billing", "routes/workspace/settings.billing.tsx"),
    route("security-settings", "routes/workspace/security-settings.tsx"),
    // The five sales-method forms: one module, which reads the method from the URL
    route("sales/online-store", "routes/workspace/sales/sales-method.tsx", { id: "sales-online-store" }),
    route("sales/retail-store", "routes/workspace/sales/sales-method.tsx", { id: "sales-retail-store" }),
    route("sales/event-sales", "routes/workspace/sales/sales-method.tsx", { id: "sales-event-sales" }),
    route("sales/existing-website", "routes/workspace/sales/sales-method.tsx", { id: "sales-existing-website" }),
    route("sales/social-media", "routes/workspace/sales/sales-method.tsx", { id: "sales-social-media" }),
    // The Product Manager: before tools/:tool, whose dynamic page would otherwise answer /tools/products
    route("tools/products", "routes/workspace/tools/products.tsx"),
    route("tools/products/new", "routes/workspace/tools/products.new.tsx"),
    // Discount codes: before tools/products/:id
    route("tools/products/discounts", "routes/workspace/tools/products.discounts.tsx"),
    route("tools/products/:id", "routes/workspace/tools/products.$id.tsx"),
    route("tools/products/:id/files", "routes/workspace/tools/products.$id.files.tsx"),
    // Shipping zones and rates: before tools/:tool
    route("tools/shipping", "routes/workspace/tools/shipping.tsx"),
    route("tools/estore-builder", "routes/workspace/tools/estore-builder.tsx"),
    // The point of sale: one page in a counter layout and a phone layout, and each shift's Z-report
    route("tools/pos", "routes/workspace/tools/pos.tsx", { id: "pos" }),
    route("tools/mobile-pos", "routes/workspace/tools/pos.tsx", { id: "mobile-pos" }),
    route("tools/pos/shifts/:id", "routes/workspace/tools/pos.shifts.$id.tsx"),
    // The seller's orders and refunds
    route("orders", "routes/workspace/orders.tsx"),
    route("orders/:id", "routes/workspace/orders.$id.tsx"),
    // The seller's customers (their CSV exports are served by the Express app, listed at the end)
    route("customers", "routes/workspace/customers.tsx"),
    route("customers/:email", "routes/workspace/customers.$email.tsx"),
    // Store Management: the retail seller's shops and stock, before tools/:tool
    route("tools/retail-dashboard", "routes/workspace/tools/inventory.tsx"),
    // The Event Sales Manager: the seller's events (each a stock location), before tools/:tool
    route("tools/events", "routes/workspace/tools/events.tsx"),
    route("tools/events/new", "routes/workspace/tools/events.new.tsx"),
    route("tools/events/compare", "routes/workspace/tools/events.compare.tsx"),
    route("tools/events/:id", "routes/workspace/tools/events.$id.tsx"),
    // The Social Media Manager: planned posts, their tracking links and figures, before tools/:tool
    route("tools/social", "routes/workspace/tools/social.tsx"),
    route("tools/social/new", "routes/workspace/tools/social.new.tsx"),
    route("tools/social/:id", "routes/workspace/tools/social.$id.tsx"),
    // The Buy Button Generator and Website Integration: sellkit.js code for the seller's website, before tools/:tool
    route("tools/buy-button", "routes/workspace/tools/buy-button.tsx"),
    route("tools/integration", "routes/workspace/tools/integration.tsx"),
    // Link in Bio: the editor of the seller's public /s/:handle/links page, before tools/:tool
    route("tools/bio-link", "routes/workspace/tools/link-in-bio.tsx"),
    route("tools/:tool", "routes/workspace/tools/$tool.tsx"),
    // The seller's analytics: figures by day in their time zone, for a range named in the URL
    route("analytics", "routes/workspace/analytics.tsx"),
    // Payments: the seller's provider connection
    route("payments", "routes/workspace/payments.tsx"),
    // Payouts: earnings, the provider's balance and payouts
    route("payouts", "routes/workspace/payouts.tsx"),
  ]),
  // An order's packing slip: a page to print, without the workspace's navigation
  route("orders/:id/packing-slip", "routes/workspace/orders.$id.packing-slip.tsx"),
  // The signed-in area's resources (no page of their own)
  route("security-settings/export", "routes/workspace/security-settings.export.ts"),
  route("security-settings/sessions", "routes/workspace/security-settings.sessions.ts"),
  route("tools/retail-dashboard/inventory.csv", "routes/workspace/tools/inventory.inventory[.]csv.ts"),
  route("api/security/events", "routes/api/api.security.events.ts"),
  // The seller's private calendar feed: its secret token is the credential, so no session is needed
  route("tools/events/compare.csv", "routes/workspace/tools/events.compare[.]csv.ts"),
  route("tools/events/feed/:file", "routes/workspace/tools/events.feed.$file.ts"),
  // The bio page's QR code to download
  route("tools/bio-link/qr.svg", "routes/workspace/tools/link-in-bio.qr.ts", { id: "bio-link-qr-svg" }),
  route("tools/bio-link/qr.png", "routes/workspace/tools/link-in-bio.qr.ts", { id: "bio-link-qr-png" }),
  // The dashboards' live figures: the signed-in seller's order changes as Server-Sent Events
  route("api/orders/changes", "routes/api/api.orders.changes.ts"),
  // The return from a payment provider's onboarding
  route("payments/:provider/return", "routes/workspace/payments.$provider.return.ts"),

  // A creator's public buy page (the target of the buy-button snippet)
  route("buy/:id", "routes/checkout/buy.$id.tsx"),

  // A creator's store: the storefront, a product's sales page and its buy page (server-rendered, no script)
  route("s/:handle", "routes/store/s.$handle.tsx"),
  route("s/:handle/:slug", "routes/store/s.$handle.$slug.tsx"),
  route("s/:handle/:slug/buy", "routes/store/s.$handle.$slug.buy.tsx"),
  // A store's published products as JSON for sellkit.js (buttons' state, widgets, the cart), any origin may read
  route("s/:handle/products.json", "routes/store/s.$handle.products[.]json.ts"),
  // One checkout for a cart of the store's products, opened by sellkit.js's cart in the overlay
  route("s/:handle/cart/checkout", "routes/store/s.$handle.cart.checkout.tsx"),
  // The store's Link in Bio page (no script), its counted block redirects, email sign-up and Open Graph image
  route("s/:handle/links", "routes/store/s.$handle.links.tsx"),
  route("s/:handle/links/go/:blockId", "routes/store/s.$handle.links.go.$blockId.ts"),
  route("s/:handle/links/subscribe", "routes/store/s.$handle.links.subscribe.tsx"),
  route("s/:handle/links/confirm/:token", "routes/store/s.$handle.links.confirm.$token.tsx"),
  route("s/:handle/links/og.png", "routes/store/s.$handle.links.og[.]png.ts"),
  // A subscriber's one-click unsubscribe link
  route("unsubscribe/:token", "routes/store/unsubscribe.$token.tsx"),
  // The buy page's shipping options for a country (JSON), re-priced as the buyer picks it
  route("s/:handle/:slug/shipping-options", "routes/store/s.$handle.$slug.shipping-options.ts"),

  // Checkout: the test provider's TEST MODE page, the buyer's return page, payment providers' webhooks
  route("checkout/test/:id", "routes/checkout/checkout.test.$id.tsx"),
  route("checkout/:orderId", "routes/checkout/checkout.$orderId.tsx"),
  // Stripe Billing's events about Sellkit's own plans, before the payment providers' `:provider` pattern
  route("api/webhooks/billing/stripe", "routes/api/api.webhooks.billing.stripe.ts"),
  route("api/webhooks/:provider", "routes/api/api.webhooks.$provider.ts"),

  // Sellkit's own plans, the built-in test provider's TEST MODE pages (404 when it is off): checkout, portal, invoice
  route("billing/test/checkout/:id", "routes/billing/billing.test.checkout.$id.tsx"),
  route("billing/test/portal", "routes/billing/billing.test.portal.tsx"),
  route("billing/test/invoices/:id", "routes/billing/billing.test.invoices.$id.tsx"),

  // A buyer's purchases: new links by email, the download page (its signed file links are listed at the end)
  route("purchases", "routes/purchases/purchases.tsx"),
  route("purchases/:orderId", "routes/purchases/purchases.$orderId.tsx"),

  // Resources
  route("api/auth/*", "routes/api/api.auth.$.ts"),
  route("api/captcha/challenge", "routes/api/api.captcha.challenge.ts"),
  route("avatars/:id", "routes/api/avatars.$id.ts"),
  route("api/product-files", "routes/api/api.product-files.ts"),
  route("covers/:id", "routes/api/covers.$id.ts"),
  route("api/pos/sales", "routes/api/api.pos.sales.ts"),
  route("api/pos/sales/:id/receipt", "routes/api/api.pos.sales.$id.receipt.ts"),
  route("api/pos/discount-codes", "routes/api/api.pos.discount-codes.ts"),
  route("api/pos/returns", "routes/api/api.pos.returns.ts"),
  route("api/pos/payments/:id", "routes/api/api.pos.payments.$id.ts"),

  // Development only: the local mailbox (404 in production)
  route("dev/mailbox", "routes/dev/dev.mailbox.tsx"),
  route("dev/mailbox/:id", "routes/dev/dev.mailbox.$id.tsx"),

  // Everything else
  route("*", "routes/$.tsx"),
] satisfies RouteConfig;

// URLs the Express app (server/create-app.ts) answers before React Router, with the module serving each:
//   /healthz, /readyz                       liveness and readiness: server/create-app.ts
// /api/uploads, /api/uploads/* product-file uploads (tus, owner only):
// app/domains/catalog/server/upload-handler.server.ts
// GET /purchases/:orderId/files/:fileId a buyer's signed file downloads:
// app/domains/delivery/server/download-handler.server.ts
// GET /orders/export.csv the seller's orders as CSV: app/domains/customers/server/export-handler.server.ts
// GET/HEAD /t/:code a social post's tracking link (302, clicks counted):
// app/domains/social/server/tracking-link-handler.server.ts
// GET /customers/export.csv the seller's customers as CSV: app/domains/customers/server/export-handler.server.ts
//   /assets/*                               hashed build assets: server/static-assets.ts
// the marketing pages of PUBLIC_PATHS prerendered at build (app/domains/marketing/content/public-pages.ts), served from
// memory: server/prerendered-pages.ts
