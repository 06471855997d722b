// The Link in Bio page's vocabulary: its URLs, block kinds, themes, button styles and who sees a block when.
import { SOCIAL_PLATFORMS } from "~/domains/sales-methods/content/sales-options";
import { BIO_PAGE_SEGMENT, LINK_IN_BIO_SOURCE } from "~/domains/analytics/content/view-rules";
import { storePath } from "~/domains/catalog/store-profile";
import type { OrderAttribution } from "~/domains/analytics/content/attribution";

/** The source name orders and views carry when they came through the bio page. */
export const BIO_SOURCE = LINK_IN_BIO_SOURCE;
/** The path segment of the bio page below the store, reserved from product slugs. */
export const BIO_SEGMENT = BIO_PAGE_SEGMENT;

/** The public bio page of a store. */
export const bioPath = (handle: string) => `${storePath(handle)}/${BIO_SEGMENT}`;
/** The counted redirect of one block. */
export const bioClickPath = (handle: string, blockId: string) => `${bioPath(handle)}/go/${blockId}`;
/** The page where an email sign-up is confirmed from the link mailed to the address. */
export const bioConfirmPath = (handle: string, token: string) => `${bioPath(handle)}/confirm/${token}`;
/** The attribution ref of a block, as orders store it. */
export const bioRef = (blockId: string) => `${BIO_SOURCE}:${blockId}`;

/**
 * What a block's click carries on: the visit's incoming attribution when it names a tracked link (first touch wins).
 */
export function blockAttribution(incoming: OrderAttribution, blockId: string): OrderAttribution {
  if (incoming.ref) return incoming;
  return { source: BIO_SOURCE, utmSource: "", utmMedium: "", utmCampaign: "", ref: bioRef(blockId) };
}

export const BIO_BLOCK_KINDS = [
  { value: "link", label: "Link" },
  { value: "product", label: "Product" },
  { value: "heading", label: "Heading" },
  { value: "text", label: "Text" },
  { value: "signup", label: "Email sign-up" },
] as const;
export type BioBlockKind = (typeof BIO_BLOCK_KINDS)[number]["value"];

/** Colour schemes of the page; each is a set of CSS tokens under `.bio-page[data-theme]`. */
export const BIO_THEMES = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "sunset", label: "Sunset" },
  { value: "ocean", label: "Ocean" },
  { value: "forest", label: "Forest" },
  { value: "candy", label: "Candy" },
] as const;
export type BioTheme = (typeof BIO_THEMES)[number]["value"];

/** Shapes of the page's buttons, under `.bio-page[data-buttons]`. */
export const BIO_BUTTON_STYLES = [
  { value: "rounded", label: "Rounded" },
  { value: "pill", label: "Pill" },
  { value: "square", label: "Square" },
  { value: "outline", label: "Outline" },
  { value: "shadow", label: "Hard shadow" },
  { value: "soft", label: "Soft" },
] as const;
export type BioButtonStyle = (typeof BIO_BUTTON_STYLES)[number]["value"];

export type BioPlatform = (typeof SOCIAL_PLATFORMS)[number]["value"];
export const BIO_PLATFORMS = SOCIAL_PLATFORMS;

const PROFILE_BASES: Record<BioPlatform, string> = {
  facebook: "https://www.facebook.com/",
  instagram: "https://www.instagram.com/",
  tiktok: "https://www.tiktok.com/@",
  twitter: "https://x.com/",
  youtube: "https://www.youtube.com/@",
  pinterest: "https://www.pinterest.com/",
  linkedin: "https://www.linkedin.com/in/",
  snapchat: "https://www.snapchat.com/add/",
};

/** A platform handle: letters, digits, dot, dash and underscore, with an optional leading @. */
export const PLATFORM_HANDLE_PATTERN = /^@?[A-Za-z0-9._-]{1,60}$/;

/** A profile's address: the handle on the platform's site, or null when the value is no handle. */
export function platformProfileUrl(platform: BioPlatform, handle: string): string | null {
  const value = handle.trim();
  if (!PLATFORM_HANDLE_PATTERN.test(value)) return null;
  return `${PROFILE_BASES[platform]}${encodeURIComponent(value.replace(/^@/, ""))}`;
}

/** Whether a block shows at `now`: not hidden and inside its from/until window. */
export function isBlockLive(
  block: { hidden: boolean; showFrom: string | Date | null; showUntil: string | Date | null },
  now: Date,
): boolean {
  if (block.hidden) return false;
  const time = now.getTime();
  if (block.showFrom && new Date(block.showFrom).getTime() > time) return false;
  if (block.showUntil && new Date(block.showUntil).getTime() <= time) return false;
  return true;
}
