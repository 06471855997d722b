const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "\r": "&#13;",
};

/** Escapes a value for HTML text and quoted attributes; a carriage return becomes a reference, which parsing keeps. */
export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? "").replace(/[&<>"'\r]/g, (char) => ESCAPES[char]!);
}
