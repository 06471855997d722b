import { MONTHLY_BILLING_SENTENCE, STARTER_FEE_SENTENCE } from "./plans";

/** The privacy policy and the terms, as sections of paragraphs. */
export type LegalDocument = {
  title: string;
  lead: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
};

export const PRIVACY_POLICY: LegalDocument = {
  title: "Privacy Policy",
  lead: "What we collect, why, and the choices you have.",
  updated: "2026-11-01",
  sections: [
    {
      heading: "What we collect",
      paragraphs: [
        "Account data you give us: your name, email address, date of birth, and the business profile you complete (store name, description, business types, target customers, company size, phone, delivery and payment preferences).",
        "Security data we record to protect your account: sign-in times, IP addresses, browser user agents and security events.",
        "Messages you send us through the contact form.",
      ],
    },
    {
      heading: "How we use it",
      paragraphs: [
        "To run your account and your store, to deliver purchases to your buyers, to keep your account secure, and to answer your questions.",
        "We send marketing emails only if you opt in, and you can opt out at any time.",
      ],
    },
    {
      heading: "Sharing",
      paragraphs: [
        "We share data only with the providers that run the service for us (payments, email delivery, hosting), under contracts that limit their use of it. We never sell your data.",
      ],
    },
    {
      heading: "Your rights",
      paragraphs: [
        "You can export your data from the security settings, correct it in your settings, and delete your account at any time.",
        "Questions about privacy: write to us through the contact page; we reply within 1-2 business days.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "We use only the cookies needed to keep you signed in and to protect forms against forgery. We use no advertising cookies.",
      ],
    },
  ],
};

export const TERMS: LegalDocument = {
  title: "Terms and Conditions",
  lead: "The agreement between you and Sellkit when you use the service.",
  updated: "2026-11-01",
  sections: [
    {
      heading: "Your account",
      paragraphs: [
        "You must give accurate information when you register and keep your password and backup codes safe. You are responsible for what happens under your account.",
      ],
    },
    {
      heading: "What you sell",
      paragraphs: [
        "You may sell only products you have the right to sell. Illegal content, malware and products that infringe others' rights are not allowed.",
        "Files may be up to 2GB per product.",
      ],
    },
    {
      heading: "Fees and payouts",
      paragraphs: [
        `${STARTER_FEE_SENTENCE} ${MONTHLY_BILLING_SENTENCE} Payouts typically arrive within 7 business days.`,
      ],
    },
    {
      heading: "Availability",
      paragraphs: ["We aim for 99.9% uptime. Enterprise plans include an uptime SLA."],
    },
    {
      heading: "Ending the agreement",
      paragraphs: [
        "You can delete your account at any time. We may suspend accounts that break these terms, after notice where the law allows.",
      ],
    },
  ],
};
