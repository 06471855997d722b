import { promisify } from "node:util";
import type { NextFunction, Request, Response } from "express";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentEncoding = "br" | "gzip";

/** Weight of each coding an Accept-Encoding header names (1 unless `;q=` says otherwise), `*` included. */
function acceptedWeights(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return weights;
}

/** The encoding to answer in for a request's Accept-Encoding: brotli, else gzip, else none — never one it refuses (q=0). */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const weights = acceptedWeights(acceptEncoding ?? "");
  const accepts = (coding: ContentEncoding) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
  return accepts("br") ? "br" : accepts("gzip") ? "gzip" : undefined;
}

/** A body that does not change while it is kept (a build asset, a prerendered page, a cached store page). */
export type CompressedBody = {
  raw: Buffer;
  /** The bytes in `encoding` (the raw bytes for none): compressed on the first request for it, then kept. */
  encoded: (encoding: ContentEncoding | undefined) => Buffer | Promise<Buffer>;
};

/** Compression levels: the highest for bodies kept for the server's life, lower for pages kept a few seconds. */
export type CompressionLevels = { brotliQuality: number; gzipLevel: number };
export const HIGHEST_COMPRESSION: CompressionLevels = { brotliQuality: 11, gzipLevel: 9 };

/**
 * Compresses a body once per encoding — on the first request that asks for it, in the thread pool, not on the
 * event loop — instead of at start-up (brotli at quality 11 of the twenty prerendered pages took ≈ 0.4 s of CPU
 * in every server start), in both encodings whether asked or not, or on every request.
 */
export function compressOnce(raw: Buffer, levels: CompressionLevels = HIGHEST_COMPRESSION): CompressedBody {
  let brotli: Promise<Buffer> | undefined;
  let gzipped: Promise<Buffer> | undefined;
  return {
    raw,
    encoded(encoding) {
      if (encoding === "br") {
        brotli ??= brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: levels.brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        return brotli;
      }
      if (encoding === "gzip") {
        gzipped ??= gzipAsync(raw, { level: levels.gzipLevel });
        return gzipped;
      }
      return raw;
    },
  };
}

/**
 * Answers `status` (200 unless given) with `body` in the encoding the request prefers (none when `compressible`
 * is false); the caller has set the other headers. A failed compression goes to `next`.
 */
export function sendCompressed(
  req: Request,
  res: Response,
  next: NextFunction,
  body: CompressedBody,
  { status = 200, compressible = true }: { status?: number; compressible?: boolean } = {},
) {
  const encoding = compressible ? preferredEncoding(req.headers["accept-encoding"]) : undefined;
  Promise.resolve(body.encoded(encoding)).then(
    (bytes) => {
      if (encoding) res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", bytes.length);
      res.status(status).end(req.method === "HEAD" ? undefined : bytes);
    },
    (error: unknown) => next(error),
  );
}
