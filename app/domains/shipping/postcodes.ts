/** Postcode formats of the countries whose format is checked; other countries take any short postcode or none. */
export const POSTCODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  US: /^\d{5}(?:-\d{4})?$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/,
  GB: /^(?:GIR 0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPS-UW]|[A-HK-Y]\d[ABEHMNPRV-Y]) \d[ABD-HJLNP-UW-Z]{2})$/,
  DE: /^\d{5}$/,
  FR: /^(?:[0-8]\d|9[0-8])\d{3}$/,
  NL: /^[1-9]\d{3} [A-Z]{2}$/,
  AU: /^\d{4}$/,
};

/** Inward codes of these countries are the last three characters, written after one space. */
const SPACED_LAST_THREE = new Set(["CA", "GB"]);

/**
 * A postcode as it is written in `country`: upper case, single spaces, and the space before the last part
 * added where buyers often leave it out (CA, GB, NL).
 */
export function normalizePostcode(country: string, postcode: string): string {
  const compact = postcode.trim().toUpperCase().replace(/\s+/g, "");
  if (SPACED_LAST_THREE.has(country) && compact.length > 3) return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
  if (country === "NL" && compact.length === 6) return `${compact.slice(0, 4)} ${compact.slice(4)}`;
  return postcode.trim().toUpperCase().replace(/\s+/g, " ");
}

/** Whether a postcode is required in `country`: where its format is known. */
export function requiresPostcode(country: string): boolean {
  return Object.hasOwn(POSTCODE_PATTERNS, country);
}

/**
 * Whether `postcode` is a valid postcode of `country` once normalized; any short code passes where no format is known.
 */
export function isValidPostcode(country: string, postcode: string): boolean {
  const normalized = normalizePostcode(country, postcode);
  const pattern = POSTCODE_PATTERNS[country];
  if (pattern) return pattern.test(normalized);
  return /^[A-Z0-9][A-Z0-9 -]{0,15}$/.test(normalized) || normalized === "";
}
