/** Marketing claims; features, the four-step process and the help texts follow. */
export const MARKETING_CLAIMS = {
  creators: "10,000+",
  activeCreators: "50K+",
  downloads: "2M+",
  uptime: "99.9%",
  averageRating: "4.9/5",
  reviews: "250+",
  creatorEarnings: "$2M+",
} as const;

export const HERO_STATS = [
  { value: MARKETING_CLAIMS.activeCreators, label: "Active creators" },
  { value: MARKETING_CLAIMS.downloads, label: "Downloads" },
  { value: MARKETING_CLAIMS.uptime, label: "Uptime" },
  { value: MARKETING_CLAIMS.creatorEarnings, label: "Creator earnings" },
] as const;

export const HELP_FACTS = {
  maxFileSize: "2GB",
  payoutBusinessDays: 7,
  contactReplyBusinessDays: "1-2",
} as const;

export type Feature = { id: string; title: string; description: string };

export const FEATURES: Feature[] = [
  {
    id: "digital-products",
    title: "Sell any digital product",
    description: "E-books, courses, software, design assets, templates, PDFs and videos — up to 2GB per product.",
  },
  {
    id: "automatic-delivery",
    title: "Automatic delivery",
    description: "Buyers receive their purchase by email the moment they pay. No manual work, ever.",
  },
  {
    id: "sales-pages",
    title: "Sales pages",
    description: "Customise a sales page for every product, with your own text, images and pricing.",
  },
  {
    id: "payments",
    title: "Card and wallet payments",
    description: "Accept payments through a card payment provider or a wallet provider, with discount codes.",
  },
  {
    id: "analytics",
    title: "Analytics",
    description: "See views, sales and conversion for every product, and where your buyers come from.",
  },
  {
    id: "marketing-tools",
    title: "Marketing tools",
    description: "Discount codes, email capture and social sharing to grow your audience.",
  },
  {
    id: "sales-methods",
    title: "Sell where your buyers are",
    description: "Online store, retail store, events, a buy button on your own site, or social media.",
  },
  {
    id: "security",
    title: "Secure by default",
    description: "Two-factor authentication, active session monitoring and live security events.",
  },
];

export type ProcessStep = { number: number; title: string; description: string };

export const PROCESS_STEPS: ProcessStep[] = [
  { number: 1, title: "Upload", description: "Upload your files — e-books, courses, templates or videos." },
  { number: 2, title: "Customise", description: "Customise your sales page to match your brand." },
  { number: 3, title: "Set pricing", description: "Set your price and create discount codes." },
  { number: 4, title: "Start earning", description: "Share your link and get paid while delivery runs itself." },
];
