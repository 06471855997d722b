/** A sample partner; the logo is a monogram drawn in the page. */
export type Partner = { name: string; logo: string; type: string; description: string };

export const PARTNERS: Partner[] = [
  { name: "PayFlow", logo: "PF", type: "Payments", description: "Card payments and payouts in 40 currencies." },
  { name: "WalletPass", logo: "WP", type: "Payments", description: "One-tap wallet checkout on mobile." },
  { name: "MailBridge", logo: "MB", type: "Email marketing", description: "Sync buyers to your newsletter lists." },
  { name: "TaxCalc", logo: "TC", type: "Tax", description: "Automatic sales tax and VAT calculation." },
  { name: "StallPOS", logo: "SP", type: "Point of sale", description: "Card readers for markets and pop-ups." },
  { name: "CreatorHub", logo: "CH", type: "Community", description: "Courses, communities and memberships." },
];

export const PARTNER_PROGRAMS = [
  {
    title: "Technology partners",
    description: "Build an integration that thousands of creators can switch on in one click.",
  },
  { title: "Agency partners", description: "Set up stores for your clients and manage them from one place." },
  {
    title: "Affiliate partners",
    description: "Recommend Sellkit to your audience and earn a share of every subscription.",
  },
] as const;
