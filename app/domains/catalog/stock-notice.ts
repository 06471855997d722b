/** At or below this many units available, the sales page says "Only N left". */
export const FEW_LEFT_THRESHOLD = 5;

/** What a buyer is told of a variant's stock; sold out only when backorders are off. */
export type StockNotice = { kind: "sold-out" } | { kind: "few-left"; left: number } | null;

/** The notice for `available` units (on hand less held) at the Online location. */
export function stockNotice(available: number, allowBackorder: boolean): StockNotice {
  if (available <= 0) return allowBackorder ? null : { kind: "sold-out" };
  return available <= FEW_LEFT_THRESHOLD ? { kind: "few-left", left: available } : null;
}

/** The notice as a sentence, or null when nothing is said. */
export function stockNoticeText(notice: StockNotice): string | null {
  if (!notice) return null;
  return notice.kind === "sold-out" ? "Sold out" : `Only ${notice.left} left`;
}
