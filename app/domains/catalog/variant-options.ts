/** The most options a physical product has (e.g. Size, Colour, Material). */
export const MAX_PRODUCT_OPTIONS = 3;
/** The most variants a physical product has, over all combinations kept. */
export const MAX_PRODUCT_VARIANTS = 100;
export const OPTION_NAME_MAX = 30;
export const OPTION_VALUE_MAX = 40;
export const SKU_MAX = 64;

/** One option of a physical product and its values, in the seller's order. */
export type ProductOption = { name: string; values: string[] };

/** Every combination of the options' values, first option slowest; one empty combination when there are none. */
export function variantCombinations(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>(
    (combinations, option) => combinations.flatMap((head) => option.values.map((value) => [...head, value])),
    [[]],
  );
}

/** How many combinations the options make, without building them. */
export function combinationCount(options: readonly ProductOption[]): number {
  return options.reduce((total, option) => total * option.values.length, 1);
}

/** A combination's key, equal for the same values in the same order. */
export function variantKey(optionValues: readonly string[]): string {
  return JSON.stringify(optionValues);
}

/** A variant's title for people ("M / Blue"); empty for the default variant. */
export function variantTitle(optionValues: readonly string[]): string {
  return optionValues.join(" / ");
}

/** Option values typed in one go ("S, M, L"): trimmed, empty ones dropped. */
export function splitOptionValues(text: string): string[] {
  return text
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
}
