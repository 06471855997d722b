/** Control characters (C0, DEL, C1): no search matches one, and PostgreSQL text cannot hold a NUL. */
const CONTROL_CHARACTERS = /\p{Cc}+/gu;

/**
 * What a search box's `q` asks for: the text without its control characters, trimmed, at most `max`
 * characters (whole code points: a cut never leaves half a surrogate pair); "" when nothing is left.
 */
export function searchText(value: string | null, max: number): string {
  const text = (value ?? "").replace(CONTROL_CHARACTERS, "").trim();
  return Array.from(text).slice(0, max).join("").trim();
}
