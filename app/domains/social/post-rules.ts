// What a social post may be: its networks' text limits, counted the way each network counts, and media guidance.
import { CONTENT_TYPES, type SOCIAL_PLATFORMS } from "~/domains/sales-methods/content/sales-options";

/** A network from the Social Media setup. */
export type Platform = (typeof SOCIAL_PLATFORMS)[number]["value"];
/** A content type from the Social Media setup. */
export type ContentType = (typeof CONTENT_TYPES)[number]["value"];

/** A post's life: an idea, a draft, scheduled for a time, then posted with its public URL. */
export const POST_STATUSES = ["idea", "draft", "scheduled", "posted"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Status names for people. */
export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  idea: "Idea",
  draft: "Draft",
  scheduled: "Scheduled",
  posted: "Posted",
};

/** One network's composer rules: its text limit, how it counts, and what media fits. */
export type PlatformRules = {
  label: string;
  limit: number;
  /** "weighted": X's rules (links 23, emoji 2, most CJK 2); "graphemes": characters as people see them. */
  counting: "weighted" | "graphemes";
  media: string;
  /** A web page that opens the network's composer with the post filled in, when the network has one. */
  compose: ((text: string, url: string) => string) | null;
};

const q = encodeURIComponent;

/** Each network's rules, from its published composer limits and media specifications. */
export const PLATFORM_RULES: Record<Platform, PlatformRules> = {
  facebook: {
    label: "Facebook",
    limit: 63_206,
    counting: "graphemes",
    media: "Images 1.91:1 to 4:5 (1080 × 1350 px fits best); videos up to 240 minutes, Reels 9:16 up to 90 seconds.",
    compose: (_text, url) => `https://www.facebook.com/sharer/sharer.php?u=${q(url)}`,
  },
  instagram: {
    label: "Instagram",
    limit: 2_200,
    counting: "graphemes",
    media:
      "Feed images 4:5 to 1.91:1 (1080 × 1350 px); Reels and Stories 9:16, Reels up to 90 seconds, Stories 60 seconds.",
    compose: null,
  },
  tiktok: {
    label: "TikTok",
    limit: 4_000,
    counting: "graphemes",
    media: "Vertical video 9:16 (1080 × 1920 px), up to 10 minutes; photo posts up to 35 images.",
    compose: null,
  },
  twitter: {
    label: "X (Twitter)",
    limit: 280,
    counting: "weighted",
    media: "Images 16:9 or 1:1, up to 4 per post; videos up to 2 minutes 20 seconds.",
    compose: (text, url) => `https://twitter.com/intent/tweet?text=${q(text)}&url=${q(url)}`,
  },
  youtube: {
    label: "YouTube",
    limit: 5_000,
    counting: "graphemes",
    media: "Videos 16:9 (1920 × 1080 px); Shorts 9:16 up to 3 minutes. The text is the description.",
    compose: null,
  },
  pinterest: {
    label: "Pinterest",
    limit: 500,
    counting: "graphemes",
    media: "Pins 2:3 (1000 × 1500 px); video pins 4 seconds to 15 minutes.",
    compose: (text, url) => `https://www.pinterest.com/pin/create/button/?url=${q(url)}&description=${q(text)}`,
  },
  linkedin: {
    label: "LinkedIn",
    limit: 3_000,
    counting: "graphemes",
    media: "Images 1.91:1 or 1:1 (1200 × 1200 px); videos up to 15 minutes from the web.",
    compose: (_text, url) => `https://www.linkedin.com/sharing/share-offsite/?url=${q(url)}`,
  },
  snapchat: {
    label: "Snapchat",
    limit: 250,
    counting: "graphemes",
    media: "Vertical 9:16 (1080 × 1920 px); Spotlight videos 5 to 60 seconds.",
    compose: null,
  },
};

/** Whether `value` names one of the eight networks. */
export function isPlatform(value: unknown): value is Platform {
  return typeof value === "string" && Object.hasOwn(PLATFORM_RULES, value);
}

/** The content type's label, or the value itself. */
export function contentTypeLabel(value: string): string {
  return CONTENT_TYPES.find((type) => type.value === value)?.label ?? value;
}

/** Every link in a post counts as this many on X, whatever its length. */
export const X_URL_LENGTH = 23;
/** X's wider characters and emoji count as this many. */
const X_WIDE_WEIGHT = 2;
/** Code point ranges X counts as 1; everything else counts 2. */
const X_LIGHT_RANGES: [number, number][] = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];
/** Links as X finds them: with a scheme, or a bare host with a common top-level domain. */
const URL_IN_TEXT =
  /\bhttps?:\/\/[^\s<>"]+|\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|net|org|io|co|me|ly|app|shop|store|dev|info|biz|tv|uk|de|fr|eu|us|ca)\b(?:\/[^\s<>"]*)?/gi;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

let segmenter: Intl.Segmenter | null = null;
const NON_ASCII_RUN = /[\u0080-\u{10ffff}]+/gu;

/** ASCII text's grapheme count without segmenting it: every character but the second of each CR LF. */
function asciiLength(text: string): number {
  return text.length - (text.match(/\r\n/g)?.length ?? 0);
}

/**
 * The sum of `weigh` over the graphemes of `text`; ASCII stretches are counted one per character without the
 * (slow) segmenter, which only sees each non-ASCII run with the character before it.
 */
function sumGraphemes(text: string, weigh: (grapheme: string) => number): number {
  segmenter ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  let total = 0;
  let done = 0;
  for (const match of text.matchAll(NON_ASCII_RUN)) {
    const from = Math.max(done, match.index - 1);
    total += asciiLength(text.slice(done, from));
    for (const part of segmenter.segment(text.slice(from, match.index + match[0].length))) total += weigh(part.segment);
    done = match.index + match[0].length;
  }
  return total + asciiLength(text.slice(done));
}

/** Characters as people see them: one per grapheme, so "👍🏽" and "é" count once. */
export function countGraphemes(text: string): number {
  return sumGraphemes(text.normalize("NFC"), () => 1);
}

function xWeightOf(grapheme: string): number {
  if (EMOJI.test(grapheme)) return X_WIDE_WEIGHT;
  let weight = 0;
  for (const char of grapheme) {
    const point = char.codePointAt(0)!;
    weight += X_LIGHT_RANGES.some(([from, to]) => point >= from && point <= to) ? 1 : X_WIDE_WEIGHT;
  }
  return weight;
}

/** A post's length as X counts it: NFC text, each link 23, each emoji 2, CJK and other wide scripts 2. */
export function countXWeighted(text: string): number {
  const normalized = text.normalize("NFC");
  let total = 0;
  let rest = "";
  let last = 0;
  for (const match of normalized.matchAll(URL_IN_TEXT)) {
    rest += normalized.slice(last, match.index);
    total += X_URL_LENGTH;
    last = match.index + match[0].length;
  }
  rest += normalized.slice(last);
  return total + sumGraphemes(rest, xWeightOf);
}

/** A post's length on `platform`, counted the way that network counts. */
export function countPostText(platform: Platform, text: string): number {
  return PLATFORM_RULES[platform].counting === "weighted" ? countXWeighted(text) : countGraphemes(text);
}

/** The message for a text over its network's limit, or null when it fits. */
export function textLimitProblem(platform: Platform, text: string): string | null {
  const rules = PLATFORM_RULES[platform];
  const used = countPostText(platform, text);
  if (used <= rules.limit) return null;
  const how = rules.counting === "weighted" ? " (X counts each link as 23 and each emoji as 2)" : "";
  return `This text is ${used - rules.limit} over ${rules.label}'s limit of ${rules.limit.toLocaleString("en-US")} characters${how}.`;
}

/** The longest public URL stored for a posted post. */
export const PUBLIC_URL_MAX = 2000;

/** The message for a post's public URL that is not a plain https address, or null when it is one. */
export function publicUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Please enter the post's full address, starting with https://.";
  }
  if (url.protocol !== "https:") return "Please enter a secure address starting with https://.";
  if (url.username || url.password || value.length > PUBLIC_URL_MAX || !url.hostname.includes("."))
    return "This address cannot be used: please copy the post's address from the network.";
  return null;
}
