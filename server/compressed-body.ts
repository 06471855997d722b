import { promisify } from "node:util";
import type { NextFunction, Request, Response } from "express";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentEncoding = "br" | "gzip";

/** The weight of each coding an Accept-Encoding header names, `*` included. */
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

/** The encoding to answer in: brotli, else gzip, else none, never one refused with q=0. */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const weights = acceptedWeights(acceptEncoding ?? "");
  const accepts = (coding: ContentEncoding) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
  return accepts("br") ? "br" : accepts("gzip") ? "gzip" : undefined;
}

/** A body that does not change while it is kept. */
export type CompressedBody = {
  raw: Buffer;
  /** The bytes in `encoding`, compressed on first request and kept. */
  encoded: (encoding: ContentEncoding | undefined) => Buffer | Promise<Buffer>;
};

/** Compression levels: highest for bodies kept for the server's life. */
export type CompressionLevels = { brotliQuality: number; gzipLevel: number };
export const HIGHEST_COMPRESSION: CompressionLevels = { brotliQuality: 11, gzipLevel: 9 };

/** Compresses a body once per encoding, on first request and off the event loop. */
export function compressOnce(raw: Buffer, levels: CompressionLevels = HIGHEST_COMPRESSION): CompressedBody {
  let brotli: Promise<Buffer> | undefined;
  let gzipped: Promise<Buffer> | undefined;
  return {
    raw,
    encoded(encoding) {
      if (encoding === "br") {
        brotli ??= brotliAsync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: levels.brotliQuality,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
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

/** Sends `body` in the request's preferred encoding; failures go to `next`. */
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
