import type { BioButtonStyle, BioBlockKind, BioTheme } from "~/domains/link-in-bio/bio-content";
import type { ProductPricing } from "~/domains/catalog/product-price";
import type { CoverRow, StoreProfile } from "~/domains/catalog/store-profile";

/** A product as a bio block shows it. */
export type BioProduct = ProductPricing & { id: string; name: string; slug: string; covers: CoverRow[] };

/** One block as the public page renders it. */
export type PublicBioBlock = {
  id: string;
  kind: BioBlockKind;
  title: string;
  url: string;
  body: string;
  thumbnail: CoverRow | null;
  product: BioProduct | null;
};

/** The profile part of a bio page. */
export type BioProfile = {
  title: string;
  bio: string;
  theme: BioTheme;
  buttonStyle: BioButtonStyle;
  socials: Record<string, string>;
};

/** What the public bio page shows: the store, the page's profile and its live blocks in order. */
export type PublicBioPage = { store: StoreProfile; profile: BioProfile; blocks: PublicBioBlock[] };
