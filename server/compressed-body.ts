import { promisify } from "node:util";
import type { NextFunction, Request, Response } from "express";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentEncoding = "br" | "gzip";

/** The encoding to answer in for a request's Accept-Encoding: brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepts = acceptEncoding ?? "";
  return /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : undefined;
}

/** A body that never changes (a hashed build asset, a prerendered page), in each encoding it is asked for. */
export type CompressedBody = {
  raw: Buffer;
  /** The bytes in `encoding` (the raw bytes for none): compressed on the first request for it, then kept. */
  encoded: (encoding: ContentEncoding | undefined) => Buffer | Promise<Buffer>;
};

/**
 * Compresses a fixed body at the highest levels once per encoding — on the first request that asks for it, in
 * the thread pool, not on the event loop — instead of at start-up (brotli at quality 11 of the twenty prerendered
 * pages took ≈ 0.4 s of CPU in every server start) or on every request.
 */
export function compressOnce(raw: Buffer): CompressedBody {
  let brotli: Promise<Buffer> | undefined;
  let gzipped: Promise<Buffer> | undefined;
  return {
    raw,
    encoded(encoding) {
      if (encoding === "br") {
        brotli ??= brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        return brotli;
      }
      if (encoding === "gzip") {
        gzipped ??= gzipAsync(raw, { level: 9 });
        return gzipped;
      }
      return raw;
    },
  };
}

/**
 * Answers 200 with `body` in the encoding the request prefers (none when `compressible` is false); the caller has
 * set the other headers. A failed compression goes to `next`.
 */
export function sendCompressed(req: Request, res: Response, next: NextFunction, body: CompressedBody, compressible = true) {
  const encoding = compressible ? preferredEncoding(req.headers["accept-encoding"]) : undefined;
  Promise.resolve(body.encoded(encoding)).then(
    (bytes) => {
      if (encoding) res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", bytes.length);
      res.status(200).end(req.method === "HEAD" ? undefined : bytes);
    },
    (error: unknown) => next(error),
  );
}
