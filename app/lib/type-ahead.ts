/** Letters typed into a list are forgotten after this pause. */
export const TYPE_AHEAD_RESET_MS = 1000;

/** A list's type-ahead prefix, restarted after a pause of `resetMs`; time is passed in. */
export function createTypeAhead(resetMs = TYPE_AHEAD_RESET_MS) {
  let query = "";
  let lastAt = Number.NEGATIVE_INFINITY;
  return {
    /** Adds a key typed at `now` (ms); returns the prefix. */
    type(key: string, now: number): string {
      query = now - lastAt > resetMs ? key : query + key;
      lastAt = now;
      return query;
    },
    /** True while a prefix is being typed, so a space extends it. */
    isTyping(now: number): boolean {
      return query !== "" && now - lastAt <= resetMs;
    },
    reset() {
      query = "";
      lastAt = Number.NEGATIVE_INFINITY;
    },
  };
}

/** The index of the item a prefix matches from `current`, wrapping, or -1; a repeated letter cycles. */
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
  // A longer prefix may still match the current item.
  const start = repeated ? current + 1 : current;
  for (let step = 0; step < labels.length; step += 1) {
    const index = (((start + step) % labels.length) + labels.length) % labels.length;
    if (fold(labels[index]!).startsWith(prefix)) return index;
  }
  return -1;
}
