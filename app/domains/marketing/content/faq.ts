import { PLAN_TABLE } from "~/lib/plans";
import { STARTER_FEE_SENTENCE } from "./plans";
import { HELP_FACTS } from "./marketing";

/** Questions and answers for the help center and the learn page. */
export type FaqItem = { question: string; answer: string };

export const HELP_FAQ: FaqItem[] = [
  {
    question: "What is the maximum file size?",
    answer: `You can upload files up to ${HELP_FACTS.maxFileSize} per product.`,
  },
  {
    question: "When do I get paid?",
    answer: `Payouts typically arrive within ${HELP_FACTS.payoutBusinessDays} business days.`,
  },
  {
    question: "How do buyers receive their purchase?",
    answer: "Automatically: right after payment, the buyer gets an email with a personal download link.",
  },
  {
    question: "Which payment methods can my buyers use?",
    answer: "Cards through our card payment provider, and wallet payments through our wallet provider.",
  },
  {
    question: "How quickly does support reply?",
    answer: `We reply to every message within ${HELP_FACTS.contactReplyBusinessDays} business days.`,
  },
  {
    question: "Can I sell physical products too?",
    answer:
      "Yes. From the dashboard you can set up an online store, a retail store, event sales, a buy button for your website or social media sales.",
  },
];

export const LEARN_FAQ: FaqItem[] = [
  {
    question: "Do I need a website to sell?",
    answer: "No. Every product gets its own sales page. If you already have a website, you can add a buy button to it.",
  },
  {
    question: "Is there a free plan?",
    answer: `Yes. ${STARTER_FEE_SENTENCE} Pro has a ${PLAN_TABLE.pro.trialDays}-day free trial with no credit card required.`,
  },
  {
    question: "What can I sell?",
    answer:
      "E-books, courses, software, design assets, templates, PDFs, videos — and physical goods through the sales methods.",
  },
  {
    question: "Can I cancel at any time?",
    answer: "Yes. Paid plans are monthly and you can switch back to Starter whenever you like.",
  },
];

export type VideoTutorial = { title: string; duration: string };

export const VIDEO_TUTORIALS: VideoTutorial[] = [
  { title: "Create your first product", duration: "4:12" },
  { title: "Customise your sales page", duration: "6:30" },
  { title: "Set up payments and payouts", duration: "5:05" },
  { title: "Read your analytics", duration: "3:48" },
];
