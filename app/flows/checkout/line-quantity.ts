/** The most units of one line a checkout takes. */
export const MAX_LINE_QUANTITY = 99;

/** The quantity a link or query asks for (`?quantity=`), else 1. */
export function quantityFromQuery(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_LINE_QUANTITY ? n : 1;
}
