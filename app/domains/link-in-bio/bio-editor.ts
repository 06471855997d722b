import type { BioBlockKind } from "~/domains/link-in-bio/bio-content";
import type { StoreProfile } from "~/domains/catalog/store-profile";
import type { BioProduct, BioProfile } from "~/domains/link-in-bio/bio-page";

/** Money in one currency, in minor units. */
export type CurrencyAmount = { currency: string; cents: number };

/** A block as the editor lists it, with its figures: counted clicks, attributed orders and revenue. */
export type EditorBioBlock = {
  id: string;
  kind: BioBlockKind;
  title: string;
  url: string;
  body: string;
  productId: string | null;
  thumbnailCoverId: string | null;
  hidden: boolean;
  showFrom: string | null;
  showUntil: string | null;
  clicks: number;
  orders: number;
  revenue: CurrencyAmount[];
};

/** A product the editor can put in a block or borrow a thumbnail from. */
export type EditorProduct = BioProduct & { published: boolean; coverId: string | null };

/** Everything the Link in Bio editor shows. */
export type BioEditorData = {
  handle: string | null;
  /** The store as its public pages show it; null before the seller has a store handle. */
  store: StoreProfile | null;
  timeZone: string | null;
  profile: BioProfile | null;
  blocks: EditorBioBlock[];
  products: EditorProduct[];
  subscribers: number;
  views: number;
  /** The platforms chosen in the social media setup. */
  platforms: string[];
};
