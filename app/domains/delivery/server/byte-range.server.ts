// HTTP Range for file downloads: one byte range, else the whole file.

export type RangeDecision =
  | { kind: "whole" }
  | { kind: "range"; start: number; end: number }
  | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/** What to send for a `Range` header on a representation of `size` bytes (`end` inclusive). */
export function decideRange(header: string | null, size: number): RangeDecision {
  if (!header) return { kind: "whole" };
  const match = SINGLE_RANGE.exec(header.trim().replace(/\s+/g, ""));
  if (!match) return { kind: "whole" };
  const [, first, last] = match as unknown as [string, string, string];
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Number(last);
  if (last !== "" && end < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "range", start, end: Math.min(end, size - 1) };
}

/** Whether `If-Range` names the current representation by strong ETag or exact Last-Modified date. */
export function ifRangeAllows(ifRange: string | null, etag: string, lastModified: string): boolean {
  if (!ifRange) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith("W/")) return value === etag;
  return value === lastModified;
}
