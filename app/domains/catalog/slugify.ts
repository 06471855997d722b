/** URL slugs and store handles: lowercase ASCII letters, digits and single hyphens, 1–60 characters. */
export const SLUG_MAX_LENGTH = 60;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug made from a name ("Ada's Atelier — Vol. 2" → "adas-atelier-vol-2"); "" when nothing usable is left. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, "");
}

/** Store path segments that are pages of the store, never a product's slug: the Link in Bio page. */
export const RESERVED_PRODUCT_SLUGS: readonly string[] = ["links"];

/** A product slug from its name, moved off a reserved segment ("links" → "links-1"). */
export function productSlugOf(name: string): string {
  const slug = slugify(name);
  return RESERVED_PRODUCT_SLUGS.includes(slug) ? `${slug}-1` : slug;
}
