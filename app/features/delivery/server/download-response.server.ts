import { createReadableStreamFromReadable } from "@react-router/node";
import type { ProductFileStore } from "~/features/catalog/server/product-file-store.server";
import { decideRange, ifRangeAllows, noneMatchHits } from "./byte-range.server";
import type { DownloadableFile } from "./authorize-download.server";

/** The request headers a download answer depends on. */
export type DownloadRequest = {
  method: string;
  range: string | null;
  ifRange: string | null;
  ifNoneMatch: string | null;
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
 * Decides the answer to a download request: 304 when If-None-Match names this file, 416 for a range outside it,
 * else the whole file or one range (only when If-Range, if sent, still names this file). A range that does not
 * start at byte 0 continues a download already counted, so it is not a new one.
 */
export function planDownload(file: DownloadableFile, request: DownloadRequest): DownloadPlan {
  const etag = etagOf(file);
  if (noneMatchHits(request.ifNoneMatch, etag)) return { kind: "not-modified" };
  const range = ifRangeAllows(request.ifRange, etag, lastModifiedOf(file)) ? decideRange(request.range, file.size) : { kind: "whole" as const };
  if (range.kind === "unsatisfiable") return { kind: "unsatisfiable" };
  if (range.kind === "whole") return { kind: "send", range: null, countsAsNewDownload: true };
  return { kind: "send", range: { start: range.start, end: range.end }, countsAsNewDownload: range.start === 0 };
}

/** `attachment; filename*=UTF-8''…` (RFC 6266/8187), with a plain ASCII fallback for old clients. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_") || "download";
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Headers every answer about a file carries (also 304 and 416): validators, ranges, no caching by others. */
function baseHeaders(file: DownloadableFile): Headers {
  return new Headers({
    ETag: etagOf(file),
    "Last-Modified": lastModifiedOf(file),
    "Accept-Ranges": "bytes",
    // The link is personal and short-lived; `no-transform` also keeps the compression middleware off the bytes.
    "Cache-Control": "private, no-store, no-transform",
    "Referrer-Policy": "no-referrer",
  });
}

export function notModifiedResponse(file: DownloadableFile): Response {
  return new Response(null, { status: 304, headers: baseHeaders(file) });
}

export function unsatisfiableResponse(file: DownloadableFile): Response {
  const headers = baseHeaders(file);
  headers.set("Content-Range", `bytes */${file.size}`);
  return new Response(null, { status: 416, headers });
}

/**
 * The file's bytes (all, or one range: 206 with Content-Range), streamed from the store with backpressure —
 * never held in memory. Served as an attachment under its stored name (a header value, never a path); the
 * server's nosniff header applies. HEAD gets the headers only.
 */
export async function fileResponse(
  store: ProductFileStore,
  file: DownloadableFile,
  range: { start: number; end: number } | null,
  method: string,
): Promise<Response> {
  const headers = baseHeaders(file);
  headers.set("Content-Type", file.contentType || "application/octet-stream");
  headers.set("Content-Disposition", contentDisposition(file.name));
  headers.set("Content-Length", String(range ? range.end - range.start + 1 : file.size));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
  const status = range ? 206 : 200;
  if (method === "HEAD" || file.size === 0) return new Response(null, { status, headers });
  const stream = await store.readRange(file.uploadId, range ?? undefined);
  return new Response(createReadableStreamFromReadable(stream), { status, headers });
}
