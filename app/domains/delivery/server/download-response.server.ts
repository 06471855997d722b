import { create as formatContentDisposition } from "content-disposition";
import fresh from "fresh";
import { decideRange, ifRangeAllows } from "./byte-range.server";
import type { DownloadableFile } from "./authorize-download.server";

/** The request headers a download answer depends on. */
export type DownloadRequest = {
  method: string;
  range: string | null;
  ifRange: string | null;
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
};

/** What the answer will be, decided before any counting or reading: the route counts only new downloads. */
export type DownloadPlan =
  | { kind: "not-modified" }
  | { kind: "unsatisfiable" }
  | { kind: "send"; range: { start: number; end: number } | null; countsAsNewDownload: boolean };

/** The strong validator of a file: its SHA-256 (the bytes never change under one file id). */
export function etagOf(file: DownloadableFile): string {
  return `"${file.sha256}"`;
}

export function lastModifiedOf(file: DownloadableFile): string {
  return file.completedAt.toUTCString();
}

/**
 * Decides the answer to a download request: 304 when the buyer's copy is fresh, 416 for a range outside it,
 * else the whole file or one range (only when If-Range, if sent, still names this file). A range that does not
 * start at byte 0 continues a download already counted, so it is not a new one.
 */
export function planDownload(file: DownloadableFile, request: DownloadRequest): DownloadPlan {
  const etag = etagOf(file);
  // No Cache-Control: a request's no-cache asks caches to revalidate, which is what this answer does.
  const conditions = {
    "if-none-match": request.ifNoneMatch ?? undefined,
    "if-modified-since": request.ifModifiedSince ?? undefined,
  };
  if (fresh(conditions, { etag, "last-modified": lastModifiedOf(file) })) return { kind: "not-modified" };
  const range = ifRangeAllows(request.ifRange, etag, lastModifiedOf(file))
    ? decideRange(request.range, file.size)
    : { kind: "whole" as const };
  if (range.kind === "unsatisfiable") return { kind: "unsatisfiable" };
  if (range.kind === "whole") return { kind: "send", range: null, countsAsNewDownload: true };
  return { kind: "send", range: { start: range.start, end: range.end }, countsAsNewDownload: range.start === 0 };
}

/**
 * An attachment under the stored name (RFC 6266), whose plain fallback has no quote, backslash, slash or percent sign.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\/%]/g, "_") || "download";
  return formatContentDisposition(name, { fallback });
}

/** Headers every answer about a file carries (also 304 and 416): validators, ranges, no caching by others. */
export function fileHeaders(file: DownloadableFile): Record<string, string> {
  return {
    ETag: etagOf(file),
    "Last-Modified": lastModifiedOf(file),
    "Accept-Ranges": "bytes",
    // The link is personal and short-lived; `no-transform` also keeps any compression off the bytes.
    "Cache-Control": "private, no-store, no-transform",
    "Referrer-Policy": "no-referrer",
  };
}

/**
 * The headers of the bytes themselves (200, or 206 with Content-Range), served as an attachment under the stored name.
 */
export function contentHeaders(
  file: DownloadableFile,
  range: { start: number; end: number } | null,
): Record<string, string> {
  return {
    ...fileHeaders(file),
    "Content-Type": file.contentType || "application/octet-stream",
    "Content-Disposition": contentDisposition(file.name),
    "X-Content-Type-Options": "nosniff",
    "Content-Length": String(range ? range.end - range.start + 1 : file.size),
    ...(range ? { "Content-Range": `bytes ${range.start}-${range.end}/${file.size}` } : {}),
  };
}
