/** A link of the shared header, mobile menu or footer, all kept in this file. */
export type SiteLink = { label: string; to: string };
export type SiteMenu = { label: string; links: SiteLink[] };

export const PRIMARY_NAV: SiteLink[] = [
  { label: "Home", to: "/" },
  { label: "Features", to: "/features" },
  { label: "Pricing", to: "/pricing" },
];

export const NAV_MENUS: SiteMenu[] = [
  {
    label: "Resources",
    links: [
      { label: "Security", to: "/security" },
      { label: "Help Center", to: "/help" },
      { label: "Blog", to: "/blog" },
      { label: "Partners", to: "/partners" },
    ],
  },
  {
    label: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Contact", to: "/contact" },
    ],
  },
];

export const AUTH_LINKS = {
  logIn: { label: "Log in", to: "/auth" },
  signUp: { label: "Sign up", to: "/auth?tab=register" },
} as const;

export const FOOTER_COLUMNS: SiteMenu[] = [
  {
    label: "Product",
    links: [
      { label: "Features", to: "/features" },
      { label: "Pricing", to: "/pricing" },
      { label: "Security", to: "/security" },
    ],
  },
  {
    label: "Support",
    links: [
      { label: "Help Center", to: "/help" },
      { label: "Contact", to: "/contact" },
    ],
  },
  {
    label: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Blog", to: "/blog" },
      { label: "Partners", to: "/partners" },
    ],
  },
  {
    label: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy" },
      { label: "Terms of Service", to: "/terms" },
    ],
  },
];

export const SOCIAL_LINKS: SiteLink[] = [
  { label: "Sellkit on X", to: "https://x.com/sellkit" },
  { label: "Sellkit on Instagram", to: "https://www.instagram.com/sellkit" },
];
