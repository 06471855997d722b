import { z } from "zod";
import { optionValues, type SalesOption } from "~/domains/sales-methods/content/sales-options";
import { several } from "~/lib/form-fields";

/** Field rules shared by the five sales-method forms; each form's schema lives beside this file. */
export const SALES_NAME_MIN = 2;
export const SALES_NAME_MAX = 80;
export const SALES_TEXT_MAX = 1000;
export const TARGET_AUDIENCE_MAX = 500;
export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 300;

/** Control characters (tabs and line breaks included) have no place in a one-line field. */
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;
/** Multi-line text may hold line breaks and tabs, but never U+0000, which jsonb refuses. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing U+0000 is this pattern's purpose
export const NO_NUL = /^[^\u0000]*$/;

/** A required one-line name of 2–80 characters: "Store name must be at least 2 characters". */
export function nameField(label: string) {
  return z
    .string({ error: `Please enter your ${label.toLowerCase()}` })
    .trim()
    .min(1, `Please enter your ${label.toLowerCase()}`)
    .min(SALES_NAME_MIN, `${label} must be at least ${SALES_NAME_MIN} characters`)
    .max(SALES_NAME_MAX, `${label} must be at most ${SALES_NAME_MAX} characters`)
    .regex(NO_CONTROL_CHARACTERS, `${label} must be on one line`);
}

/** Optional free text, trimmed, at most `max` characters; empty is stored as absent. */
export function optionalText(label: string, max = SALES_TEXT_MAX) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(NO_NUL, `${label} contains a character that is not allowed`)
    .optional()
    .transform((value) => value || undefined);
}

/** One value of an option list, required. */
export function choice<T extends readonly SalesOption[]>(list: T, message: string) {
  return z.enum(optionValues(list), { error: message });
}

/** Any number of values of an option list (checkboxes); `atLeastOne` makes one required. */
export function choices<T extends readonly SalesOption[]>(list: T, invalidMessage: string, atLeastOne?: string) {
  const field = several(optionValues(list), invalidMessage);
  return atLeastOne ? field.refine((values) => values.length > 0, atLeastOne) : field;
}

/** A one-line text without control characters, for fields that are not names. */
export function oneLine(schema: z.ZodString, message: string) {
  return schema.regex(NO_CONTROL_CHARACTERS, message);
}
