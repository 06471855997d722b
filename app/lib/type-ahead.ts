/** SPEC §9: the letters typed into a list are forgotten after 1000 ms without a key. */
export const TYPE_AHEAD_RESET_MS = 1000;

/**
 * The typed prefix of a list's type-ahead: each printable key extends it, a pause of `resetMs` starts a new
 * one. Time is passed in, so the rule is testable without a clock.
 */
export function createTypeAhead(resetMs = TYPE_AHEAD_RESET_MS) {
  let query = "";
  let lastAt = Number.NEGATIVE_INFINITY;
  return {
    /** Adds a key typed at `now` (ms) and returns the prefix to look for. */
    type(key: string, now: number): string {
      query = now - lastAt > resetMs ? key : query + key;
      lastAt = now;
      return query;
    },
    /** True while a prefix is being typed: a space then belongs to it ("united k"), it does not choose. */
    isTyping(now: number): boolean {
      return query !== "" && now - lastAt <= resetMs;
    },
    reset() {
      query = "";
      lastAt = Number.NEGATIVE_INFINITY;
    },
  };
}

/**
 * The index of the item a type-ahead prefix points to, searching after `current` and wrapping (so pressing
 * one letter again walks through the items that start with it), or -1 when none matches. A prefix of one
 * repeated letter ("gg") cycles on that letter, as native lists do. Letters compare without case or accents.
 */
export function findTypeAheadMatch(labels: readonly string[], query: string, current: number): number {
  const fold = (text: string) =>
    text
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  const wanted = fold(query);
  if (!wanted) return -1;
  const repeated = [...wanted].every((letter) => letter === wanted[0]);
  const prefix = repeated ? wanted[0]! : wanted;
  // A longer prefix may still match the current item ("g" → Gabon, then "ge" moves on from there to Georgia).
  const start = repeated ? current + 1 : current;
  for (let step = 0; step < labels.length; step += 1) {
    const index = (((start + step) % labels.length) + labels.length) % labels.length;
    if (fold(labels[index]!).startsWith(prefix)) return index;
  }
  return -1;
}
