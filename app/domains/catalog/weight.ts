/** The heaviest weight a product takes, in grams (a tonne). */
export const MAX_WEIGHT_GRAMS = 1_000_000;

const UNITS: Record<string, number> = { "": 1, g: 1, gram: 1, grams: 1, kg: 1000, kgs: 1000, kilo: 1000, kilos: 1000 };

/** A weight as typed ("250", "250 g", "1.5 kg", "1,5kg") in whole grams; null when it is not one. */
export function parseWeightGrams(text: string): number | null {
  const match = /^(\d+(?:[.,]\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  if (!match) return null;
  const factor = UNITS[match[2]!.toLowerCase()];
  if (factor === undefined) return null;
  const grams = Math.round(Number(match[1]!.replace(",", ".")) * factor);
  return Number.isSafeInteger(grams) ? grams : null;
}

/** Grams as the form shows them: "250 g", or "1.5 kg" from a kilogram up. */
export function formatWeight(grams: number): string {
  return grams >= 1000 ? `${grams / 1000} kg` : `${grams} g`;
}
