import type { Database } from "~/db/database.server";
import { ensureStorefront } from "~/domains/catalog/server/ensure-storefront.server";
import { BIO_PLATFORMS } from "~/domains/link-in-bio/bio-content";
import { bioPages } from "~/domains/link-in-bio/tables.server";
import type { BioProfileInput } from "~/domains/link-in-bio/schemas/bio-forms";

/** Saves the seller's bio page profile, creating the page (and the store handle it lives under) on first save. */
export async function saveBioProfile(
  db: Database,
  sellerId: string,
  input: BioProfileInput,
): Promise<{ handle: string }> {
  const socials: Record<string, string> = {};
  for (const { value } of BIO_PLATFORMS) if (input[value]) socials[value] = input[value].replace(/^@/, "");
  const row = {
    title: input.title,
    bio: input.bio,
    theme: input.theme,
    buttonStyle: input.buttonStyle,
    socials,
  };
  const handle = await ensureStorefront(db, sellerId);
  await db
    .insert(bioPages)
    .values({ userId: sellerId, ...row })
    .onConflictDoUpdate({ target: bioPages.userId, set: row });
  return { handle };
}
