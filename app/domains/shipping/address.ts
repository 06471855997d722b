import { countryName, isCountryCode } from "~/domains/shipping/content/countries";
import { isRegionOf, regionsOf } from "~/domains/shipping/content/regions";
import { isValidPostcode, normalizePostcode, requiresPostcode } from "~/domains/shipping/postcodes";

/** The longest text of one address field. */
export const ADDRESS_FIELD_MAX = 100;

/** A shipping address's fields as typed; every one may be missing. */
export type AddressFields = {
  name?: string;
  line1?: string;
  line2?: string;
  city?: string;
  region?: string;
  postcode?: string;
  country?: string;
};

/** The messages of the address fields. */
export const ADDRESS_MESSAGES = {
  name: "Please enter the recipient's name.",
  line1: "Please enter the street address.",
  city: "Please enter the city.",
  region: "Please choose a state, province or territory.",
  postcode: "Please enter the postcode.",
  country: "Please choose a country.",
  tooLong: `Please use at most ${ADDRESS_FIELD_MAX} characters.`,
} as const;

/** The postcode message when it does not fit the country's format. */
export function postcodeMismatchMessage(country: string): string {
  return `This postcode is not valid for ${countryName(country)}.`;
}

/**
 * Each invalid field of a shipping address with its message: required fields and a known country.
 * A region from the country's list where it has one, and a postcode in the country's format.
 */
export function addressErrors(address: AddressFields): Partial<Record<keyof AddressFields, string>> {
  const errors: Partial<Record<keyof AddressFields, string>> = {};
  const text = (key: keyof AddressFields) => (address[key] ?? "").trim();
  for (const key of ["name", "line1", "city"] as const) if (!text(key)) errors[key] = ADDRESS_MESSAGES[key];
  for (const key of ["name", "line1", "line2", "city", "region", "postcode"] as const)
    if (text(key).length > ADDRESS_FIELD_MAX) errors[key] = ADDRESS_MESSAGES.tooLong;
  const country = text("country");
  if (!isCountryCode(country)) {
    errors.country = ADDRESS_MESSAGES.country;
    return errors;
  }
  if (regionsOf(country).length > 0 && !isRegionOf(country, text("region"))) errors.region = ADDRESS_MESSAGES.region;
  const postcode = text("postcode");
  if (!postcode && requiresPostcode(country)) errors.postcode = ADDRESS_MESSAGES.postcode;
  else if (postcode && !errors.postcode && !isValidPostcode(country, postcode))
    errors.postcode = postcodeMismatchMessage(country);
  return errors;
}

/** A valid address as stored: trimmed, its postcode written the country's way, no region where none is listed. */
export function cleanAddress(address: Required<AddressFields>) {
  const country = address.country.trim();
  return {
    name: address.name.trim(),
    line1: address.line1.trim(),
    line2: address.line2.trim(),
    city: address.city.trim(),
    region: address.region.trim(),
    postcode: address.postcode.trim() ? normalizePostcode(country, address.postcode) : "",
    country,
  };
}
