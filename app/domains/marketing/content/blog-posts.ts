/** A sample blog article (fixed, local content). */
export type BlogPost = {
  id: string;
  title: string;
  excerpt: string;
  date: string;
  author: string;
  category: string;
  imageUrl: string;
  content: string[];
  readTime: string;
};

export const BLOG_POSTS: BlogPost[] = [
  {
    id: "price-your-first-digital-product",
    title: "How to price your first digital product",
    excerpt: "A simple way to find a price your buyers accept and that pays for your time.",
    date: "2026-10-02",
    author: "Sarah Chen",
    category: "Pricing",
    imageUrl: "/images/blog/pricing.svg",
    readTime: "6 min read",
    content: [
      "Pricing is the decision creators put off the longest, and the one that changes their income the most.",
      "Start from the outcome your product gives, not from the hours it took you. A template that saves a buyer a day of work is worth far more than a coffee.",
      "Launch with one clear price, watch the conversion rate in your analytics for two weeks, then test a higher price with a discount code for your existing audience.",
      "Most creators we talk to find they were charging too little. Raising prices rarely loses the buyers who value your work.",
    ],
  },
  {
    id: "automatic-delivery-explained",
    title: "Automatic delivery, explained",
    excerpt: "What happens between a buyer's payment and the file landing in their inbox.",
    date: "2026-09-18",
    author: "Marcus Johnson",
    category: "Product",
    imageUrl: "/images/blog/delivery.svg",
    readTime: "4 min read",
    content: [
      "When a buyer pays, Sellkit confirms the payment with the payment provider and sends the buyer an email with a personal download link.",
      "Links are unique to each purchase, so you can see who downloaded what, and revoke access after a refund.",
      "Files up to 2GB per product are supported, which covers most courses and video bundles.",
    ],
  },
  {
    id: "selling-at-craft-fairs",
    title: "Selling at craft fairs without the cash box",
    excerpt: "Card readers, mobile payments and one dashboard for your stall and your shop.",
    date: "2026-08-30",
    author: "Tomás Novák",
    category: "Sales methods",
    imageUrl: "/images/blog/events.svg",
    readTime: "5 min read",
    content: [
      "Markets and fairs are where many sellers meet their first loyal customers. Taking payments there should be as easy as online.",
      "Set up event sales from your dashboard, choose the payment methods you accept, and your stall sales appear next to your online orders.",
      "Bring a printed QR code that leads to your online store: buyers who don't decide at the stall often buy later that evening.",
    ],
  },
  {
    id: "secure-your-creator-account",
    title: "Five minutes to a safer creator account",
    excerpt: "Two-factor authentication, session monitoring and what our security events mean.",
    date: "2026-08-12",
    author: "Aisha Patel",
    category: "Security",
    imageUrl: "/images/blog/security.svg",
    readTime: "3 min read",
    content: [
      "Your account holds your earnings and your customers' data, so it deserves more than a password.",
      "Turn on two-factor authentication in the security settings, save your backup codes somewhere safe, and review your active sessions from time to time.",
      "If you see a session you don't recognise, terminate it and change your password. Security events show every sign-in with its time and device.",
    ],
  },
];

export function findBlogPost(id: string | undefined): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.id === id);
}

/** The two social networks an article can be shared to; the absolute article URL is added by the server. */
export const SHARE_NETWORKS = [
  {
    id: "x",
    label: "Share on X",
    intent: (url: string, title: string) =>
      `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
  },
  {
    id: "facebook",
    label: "Share on Facebook",
    intent: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  },
] as const;
