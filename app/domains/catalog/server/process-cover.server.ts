import sharp from "sharp";
import { sniffImageType } from "~/domains/workspace/server/sniff-image-type.server";
import { COVER_MAX_BYTES } from "~/domains/catalog/schemas/product";

/** The widths a cover is stored at: the sales page's full width and half of it for phones. */
export const COVER_WIDTHS = [1280, 640] as const;
/** Stored covers are WebP: small, and every browser the site supports shows it. */
export const COVER_CONTENT_TYPE = "image/webp";
/** Larger images are refused before decoding (a "decompression bomb" of a few KB can claim gigapixels). */
export const COVER_MAX_PIXELS = 50_000_000;

export type CoverRendition = { width: number; height: number; contentType: string; bytes: Buffer };

/**
 * An uploaded cover, judged by its bytes (never SVG), resized to COVER_WIDTHS without enlarging.
 * `null` when no file was chosen; `false` when it is not an accepted, decodable image.
 */
export async function processCover(file: File | undefined): Promise<CoverRendition[] | null | false> {
  if (!file || file.size === 0) return null;
  if (file.size > COVER_MAX_BYTES) return false;
  const bytes = Buffer.from(await file.arrayBuffer());
  if (!sniffImageType(bytes)) return false;
  try {
    const image = sharp(bytes, { limitInputPixels: COVER_MAX_PIXELS, animated: false, failOn: "error" });
    const meta = await image.metadata();
    const upright = meta.autoOrient ?? meta;
    if (!upright.width || !upright.height) return false;
    const renditions: CoverRendition[] = [];
    const widths = new Set(COVER_WIDTHS.map((width) => Math.min(width, upright.width)));
    for (const width of widths) {
      const { data, info } = await sharp(bytes, { limitInputPixels: COVER_MAX_PIXELS, animated: false })
        .autoOrient() // honour the camera's EXIF orientation; the output keeps no metadata (location, camera)
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      renditions.push({ width: info.width, height: info.height, contentType: COVER_CONTENT_TYPE, bytes: data });
    }
    return renditions;
  } catch {
    return false;
  }
}
