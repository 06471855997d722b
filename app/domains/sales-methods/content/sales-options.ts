import type { SalesMethodKey } from "./sales-methods";

/** One choice of a sales-method form: the value stored in `sales_methods.settings` and the label shown. */
export type SalesOption = { readonly value: string; readonly label: string; readonly description?: string };

/** The values of an option list, as a non-empty tuple for `z.enum`. */
export const optionValues = <T extends readonly SalesOption[]>(list: T) =>
  list.map((item) => item.value) as [T[number]["value"], ...T[number]["value"][]];

/** The label of `value` in `list` (the value itself when it is not in the list). */
export function optionLabel(list: readonly SalesOption[], value: string): string {
  return list.find((item) => item.value === value)?.label ?? value;
}

// 1. Create Your Online Store
export const STORE_CATEGORIES = [
  { value: "fashion", label: "Fashion" },
  { value: "electronics", label: "Electronics" },
  { value: "books", label: "Books" },
  { value: "home", label: "Home & Garden" },
  { value: "health", label: "Health & Beauty" },
  { value: "digital", label: "Digital Products" },
  { value: "other", label: "Other" },
] as const satisfies readonly SalesOption[];

/** The store currencies. */
export const STORE_CURRENCIES = [
  { value: "USD", label: "USD – US dollar" },
  { value: "EUR", label: "EUR – Euro" },
  { value: "GBP", label: "GBP – British pound" },
  { value: "CZK", label: "CZK – Czech koruna" },
] as const satisfies readonly SalesOption[];

export const STORE_THEMES = [
  { value: "modern", label: "Modern", description: "Clean lines and bold product photos" },
  { value: "classic", label: "Classic", description: "Timeless layout with serif headings" },
  { value: "minimal", label: "Minimal", description: "Lots of white space, nothing in the way" },
  { value: "bold", label: "Bold", description: "Strong colours that stand out" },
] as const satisfies readonly SalesOption[];

/** The side card of the online-store form. */
export const ONLINE_STORE_FEATURES = [
  "Your own storefront with a theme of your choice",
  "Secure checkout with card and wallet payments",
  "Automatic delivery of digital products by email",
  "Prices in USD, EUR, GBP or CZK",
  "Sales analytics and discount codes",
] as const;

// 2. Setup Your Retail Store
export const RETAIL_FEATURES = [
  { value: "pos", label: "Point of sale", description: "Take payments at the counter" },
  { value: "inventory", label: "Inventory tracking", description: "Keep stock in step with sales" },
  { value: "customer", label: "Customer management", description: "Remember your regular customers" },
  { value: "analytics", label: "Sales analytics", description: "See what sells and when" },
  { value: "loyalty", label: "Loyalty program", description: "Reward customers who come back" },
  { value: "staff", label: "Staff management", description: "Accounts and shifts for your team" },
] as const satisfies readonly SalesOption[];

// 3. Setup Event Sales
export const EVENT_TYPES = [
  { value: "farmers_markets", label: "Farmers Markets" },
  { value: "craft_fairs", label: "Craft Fairs" },
  { value: "pop_up_markets", label: "Pop-up Markets" },
  { value: "trade_shows", label: "Trade Shows" },
  { value: "festivals", label: "Festivals" },
  { value: "flea_markets", label: "Flea Markets" },
  { value: "art_shows", label: "Art Shows" },
  { value: "food_festivals", label: "Food Festivals" },
] as const satisfies readonly SalesOption[];

export const EVENT_PAYMENT_METHODS = [
  { value: "cash", label: "Cash" },
  { value: "card_reader", label: "Card Reader" },
  { value: "mobile_payments", label: "Mobile Payments" },
  { value: "wallet_qr", label: "Wallet QR code" },
  { value: "peer_payment", label: "Peer-to-peer payment app" },
  { value: "card_terminal", label: "Portable card terminal" },
] as const satisfies readonly SalesOption[];

// 4. Add Buy Button to Your Website
export const WEBSITE_PLATFORMS = [
  { value: "wordpress", label: "WordPress" },
  { value: "wix", label: "Wix" },
  { value: "squarespace", label: "Squarespace" },
  { value: "shopify", label: "Shopify" },
  { value: "custom", label: "Custom HTML site" },
  { value: "other", label: "Other" },
] as const satisfies readonly SalesOption[];

export const INTEGRATION_METHODS = [
  { value: "button", label: "Buy button", description: "A single button that opens checkout" },
  { value: "widget", label: "Product widget", description: "A small card with your store name and the button" },
  { value: "cart", label: "Add to cart", description: "An add-to-cart button for shop pages" },
] as const satisfies readonly SalesOption[];

export const BUTTON_STYLES = [
  { value: "primary", label: "Primary (blue)" },
  { value: "secondary", label: "Secondary (grey)" },
  { value: "success", label: "Success (green)" },
  { value: "custom", label: "Custom (style it with your own CSS)" },
] as const satisfies readonly SalesOption[];

// 5. Setup Social Media Sales
export const SOCIAL_PLATFORMS = [
  { value: "facebook", label: "Facebook" },
  { value: "instagram", label: "Instagram" },
  { value: "tiktok", label: "TikTok" },
  { value: "twitter", label: "X (Twitter)" },
  { value: "youtube", label: "YouTube" },
  { value: "pinterest", label: "Pinterest" },
  { value: "linkedin", label: "LinkedIn" },
  { value: "snapchat", label: "Snapchat" },
] as const satisfies readonly SalesOption[];

export const CONTENT_TYPES = [
  { value: "product_photos", label: "Product Photos" },
  { value: "video_demonstrations", label: "Video Demonstrations" },
  { value: "customer_reviews", label: "Customer Reviews" },
  { value: "behind_the_scenes", label: "Behind the Scenes" },
  { value: "tutorials", label: "Tutorials" },
  { value: "live_streams", label: "Live Streams" },
  { value: "stories", label: "Stories" },
  { value: "user_generated_content", label: "User Generated Content" },
] as const satisfies readonly SalesOption[];

/** One saved field of a sales method, as shown on the tool pages: its label and, for choices, the option list. */
export type SetupField = { name: string; label: string; options?: readonly SalesOption[] };

/** The fields of each sales method's saved setup, in form order, for human-readable summaries. */
export const SETUP_FIELDS: Record<SalesMethodKey, readonly SetupField[]> = {
  online_store: [
    { name: "storeName", label: "Store name" },
    { name: "storeDescription", label: "Store description" },
    { name: "category", label: "Category", options: STORE_CATEGORIES },
    { name: "currency", label: "Currency", options: STORE_CURRENCIES },
    { name: "theme", label: "Theme", options: STORE_THEMES },
  ],
  retail_store: [
    { name: "storeName", label: "Store name" },
    { name: "address", label: "Address" },
    { name: "description", label: "Description" },
    { name: "features", label: "Features", options: RETAIL_FEATURES },
  ],
  events: [
    { name: "businessName", label: "Business name" },
    { name: "description", label: "Description" },
    { name: "eventTypes", label: "Event types", options: EVENT_TYPES },
    { name: "setupRequirements", label: "Setup requirements" },
    { name: "paymentMethods", label: "Payment methods", options: EVENT_PAYMENT_METHODS },
  ],
  existing_website: [
    { name: "websiteUrl", label: "Website" },
    { name: "platform", label: "Platform", options: WEBSITE_PLATFORMS },
    { name: "integrationMethod", label: "Integration method", options: INTEGRATION_METHODS },
    { name: "buttonText", label: "Button text" },
    { name: "buttonStyle", label: "Button style", options: BUTTON_STYLES },
  ],
  social_media: [
    { name: "businessName", label: "Business name" },
    { name: "description", label: "Description" },
    { name: "platforms", label: "Platforms", options: SOCIAL_PLATFORMS },
    { name: "contentTypes", label: "Content types", options: CONTENT_TYPES },
    { name: "targetAudience", label: "Target audience" },
  ],
};

/** A saved setup as label/value pairs for people, leaving out empty fields. */
export function describeSetup(
  method: SalesMethodKey,
  settings: Record<string, unknown>,
): { label: string; value: string }[] {
  return SETUP_FIELDS[method].flatMap((field) => {
    const raw = settings[field.name];
    const values = (Array.isArray(raw) ? raw : [raw]).filter(
      (v): v is string => typeof v === "string" && v.trim() !== "",
    );
    if (values.length === 0) return [];
    const shown = field.options ? values.map((v) => optionLabel(field.options!, v)) : values;
    return [{ label: field.label, value: shown.join(", ") }];
  });
}
