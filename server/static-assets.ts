import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { type CompressedBody, compressOnce, sendCompressed } from "./compressed-body";

/** Content types, and whether each is worth compressing. */
const TYPES: Record<string, { type: string; compressible: boolean }> = {
  ".js": { type: "text/javascript; charset=utf-8", compressible: true },
  ".mjs": { type: "text/javascript; charset=utf-8", compressible: true },
  ".css": { type: "text/css; charset=utf-8", compressible: true },
  ".json": { type: "application/json; charset=utf-8", compressible: true },
  ".map": { type: "application/json; charset=utf-8", compressible: true },
  ".svg": { type: "image/svg+xml", compressible: true },
  ".txt": { type: "text/plain; charset=utf-8", compressible: true },
  ".woff2": { type: "font/woff2", compressible: false },
  ".png": { type: "image/png", compressible: false },
  ".webp": { type: "image/webp", compressible: false },
  ".jpg": { type: "image/jpeg", compressible: false },
  ".avif": { type: "image/avif", compressible: false },
};

type Asset = { body: CompressedBody; type: string; compressible: boolean; etag: string };

/** Serves the hashed build assets from memory, each compressed once per encoding. */
export function createAssetHandler(assetsDir: string) {
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(assetsDir)) {
    const full = path.join(assetsDir, name);
    const kind = TYPES[path.extname(name).toLowerCase()];
    if (!kind || !statSync(full).isFile()) continue;
    const raw = readFileSync(full);
    assets.set(`/${name}`, {
      body: compressOnce(raw),
      ...kind,
      etag: `W/"${createHash("sha1").update(raw).digest("base64url").slice(0, 22)}"`,
    });
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const asset = assets.get(req.path);
    if (!asset) return next();
    res.setHeader("Content-Type", asset.type);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("ETag", asset.etag);
    if (asset.compressible) res.setHeader("Vary", "Accept-Encoding");
    if (req.headers["if-none-match"] === asset.etag) return void res.status(304).end();
    sendCompressed(req, res, next, asset.body, { compressible: asset.compressible });
  };
}
