/** One thing to bring or do for an event, ticked off when done. */
export type ChecklistItem = { id: string; text: string; done: boolean };

/** The longest checklist item and the most items an event keeps. */
export const CHECKLIST_ITEM_MAX = 120;
export const CHECKLIST_MAX_ITEMS = 50;

/** Splits the setup's requirements (lines or commas) into distinct trimmed items, in their order. */
export function parseSetupRequirements(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const part of (text ?? "").split(/[\r\n,;]+/)) {
    const item = part
      .replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "")
      .trim()
      .slice(0, CHECKLIST_ITEM_MAX);
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    items.push(item);
    if (items.length >= CHECKLIST_MAX_ITEMS) break;
  }
  return items;
}

/** A fresh checklist from item texts, nothing ticked, ids by position. */
export function startChecklist(texts: string[]): ChecklistItem[] {
  return texts.map((text, i) => ({ id: `c${i + 1}`, text, done: false }));
}

/** An id for a new item not used in `items`. */
export function nextChecklistId(items: ChecklistItem[]): string {
  const used = items.map((item) => Number(item.id.replace(/^c/, ""))).filter(Number.isFinite);
  return `c${(used.length ? Math.max(...used) : 0) + 1}`;
}
